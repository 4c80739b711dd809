import { maskPhone } from '@agent-console/contract';
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

/** The SMS provider: a failure throws, and the send is then undone. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface SmsLog {
  info(obj: Record<string, unknown>, msg: string): void;
}

/**
 * The default provider: each message lands in the `sms_outbox` table (the operator reads it in the
 * console) and one log line names the masked phone and the type, never the code.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly repo: SmsRepository,
    private readonly log: SmsLog,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.repo.insertOutbox({
      mobilePhone: message.mobilePhone,
      smsType: message.smsType,
      content: message.content,
      createdAt: message.at,
    });
    this.log.info(
      { sms: { to: maskPhone(message.mobilePhone), type: message.smsType } },
      'sms code stored in the outbox',
    );
  }
}

/** A real provider behind HTTP: POSTs the message as JSON with a bearer token; any non-2xx fails. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 5000,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
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
