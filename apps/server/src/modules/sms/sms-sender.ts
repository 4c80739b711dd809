import { maskPhone } from '@agent-console/contract';
import type { OutboxLog } from '../outbox/outbox.service';
import type { SmsRepository } from './sms.repository';

export interface SmsMessage {
  mobilePhone: string;
  smsType: string;
  /** The code itself: only the provider sees it (never a log line). */
  code: string;
  /** The text the phone receives. */
  content: string;
  at: Date;
}

/** Sent along with every delivery of one message: the same on each attempt. */
export interface SmsDelivery {
  idempotencyKey: string;
}

/**
 * The SMS provider. It is called by the outbox after the transaction that made the code has
 * committed (never while a lock is held); a failure throws, and the code is then voided.
 */
export interface SmsSender {
  send(message: SmsMessage, delivery: SmsDelivery): Promise<void>;
}

export type SmsLog = OutboxLog;

/**
 * The default provider: each message lands in the `sms_outbox` table (the operator reads it in the
 * console) and one log line names the masked phone and the type, never the code. A message
 * delivered again with the same idempotency key is stored once.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly repo: SmsRepository,
    private readonly log: SmsLog,
  ) {}

  async send(message: SmsMessage, delivery: SmsDelivery): Promise<void> {
    await this.repo.insertOutbox({
      mobilePhone: message.mobilePhone,
      smsType: message.smsType,
      content: message.content,
      createdAt: message.at,
      idempotencyKey: delivery.idempotencyKey,
    });
    this.log.info(
      { sms: { to: maskPhone(message.mobilePhone), type: message.smsType } },
      'sms code stored in the outbox',
    );
  }
}

/**
 * A real provider behind HTTP: POSTs the message as JSON with a bearer token and an
 * `Idempotency-Key` header (the same on a retry, so the gateway sends it once); any non-2xx fails.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async send(message: SmsMessage, delivery: SmsDelivery): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': delivery.idempotencyKey,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        mobilePhone: message.mobilePhone,
        smsType: message.smsType,
        code: message.code,
        content: message.content,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
