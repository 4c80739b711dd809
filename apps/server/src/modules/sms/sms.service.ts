import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  Codes,
  isValidPhone,
  type ListQueryOf,
  Messages,
  maskPhone,
  SMS_CODE_MAX_WRONG_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_COUNTDOWN_SECONDS,
  SMS_SENDS_PER_IP_PER_HOUR,
  SMS_SENDS_PER_PHONE_PER_DAY,
  SMS_SENDS_PER_PHONE_PER_MINUTE,
  SMS_TOO_FREQUENT_MESSAGE,
  SMS_TYPES_TO_GIVEN_PHONE,
  type SmsSendResult,
  type SmsTypeCode,
  type smsOutboxList,
} from '@agent-console/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { lockKeys } from '../../db/locks';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { hours } from '../../shared/time';
import type { CaptchaService } from '../auth/captcha.service';
import type { OutboxService } from '../outbox/outbox.service';
import type { DataCipher } from '../security/data-key';
import type { UsersService } from '../users/users.service';
import type { SliderCaptchaVerifier } from './slider-captcha';
import type { SmsRepository } from './sms.repository';
import type { SmsSender } from './sms-sender';

export const SMS_MESSAGES = {
  typeInvalid: '短信类型不正确',
  ctokenUsed: '验证已失效，请重新验证',
  sliderFailed: '安全验证未通过，请重试',
  perMinute: SMS_TOO_FREQUENT_MESSAGE,
  perDay: '今日短信发送次数已达上限，请明天再试',
  perIp: '操作过于频繁，请稍后再试',
  sendFailed: '短信发送失败，请稍后再试',
  codeExpired: '验证码已失效，请重新获取',
  codeWrong: '验证码错误',
  codeDead: '验证码错误次数过多，请重新获取',
  phoneRegistered: '该手机号已注册',
  phoneNotRegistered: '该手机号未注册',
} as const;

const PURPOSES: Record<SmsTypeCode, string> = {
  VERIFY_PHONE: '验证绑定手机',
  CHANGE_PHONE_NEW: '更换手机号',
  CHANGE_PHONE_OLD: '更换手机号',
  LOGIN_PASSWORD: '修改登录密码',
  PAY_PASSWORD: '设置提现密码',
  REAL_NAME: '实名认证',
  WITHDRAW_ACCOUNT: '设置提现账户',
  RESET_PASSWORD: '找回登录密码',
  WITHDRAW: '申请提现',
};

const TO_GIVEN_PHONE: readonly SmsTypeCode[] = SMS_TYPES_TO_GIVEN_PHONE;
/**
 * "1 a minute" per phone, measured as the console's 59 s countdown: the countdown starts when the
 * reply arrives, after the send was recorded, so a button that is free again is never refused.
 */
const SEND_INTERVAL_MS = SMS_COUNTDOWN_SECONDS * 1000;

/** The outbox topic of SMS messages. */
export const SMS_TOPIC = 'sms';

/**
 * An SMS in the outbox. The code and the text are sealed with the data key (AES-GCM), so the
 * outbox row never shows a live code: `sms_codes` keeps only its HMAC, and so must this table.
 */
const SmsOutboxPayload = z.object({
  mobilePhone: z.string(),
  smsType: z.string(),
  /** When the code was made: the message's time. */
  at: z.iso.datetime(),
  sealed: z.string(),
});
const SealedSms = z.object({ code: z.string(), content: z.string() });

/** A fresh 6-digit code from the crypto source. */
export const randomSmsCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface SmsSendInput {
  ctoken: string;
  randStr: string;
  ticket: string;
  smsTypeCode: SmsTypeCode;
  mobilePhone?: string | undefined;
}

export function createSmsService(deps: {
  db: Database;
  repo: SmsRepository;
  /** Where messages are written in the transaction and delivered from after it. */
  outbox: OutboxService;
  sender: SmsSender;
  captcha: CaptchaService;
  slider: SliderCaptchaVerifier | null;
  users: UsersService;
  cipher: DataCipher;
  clock: Clock;
  /** Makes the codes; tests pass a known one. */
  newCode?: () => string;
}) {
  const { db, repo, outbox, sender, captcha, slider, users, cipher, clock, newCode = randomSmsCode } = deps;
  const codeHash = (phone: string, type: string, code: string) =>
    cipher.mac('sms-code', `${phone}:${type}:${code}`);

  // The provider is called by the outbox only: after the commit, by the request (below) or, for a
  // message a crash left pending, by the dispatcher while the code is still alive.
  outbox.register(SMS_TOPIC, {
    payload: SmsOutboxPayload,
    async deliver(message, { idempotencyKey }) {
      const { code, content } = SealedSms.parse(JSON.parse(cipher.decrypt(message.sealed)));
      await sender.send(
        {
          mobilePhone: message.mobilePhone,
          smsType: message.smsType,
          code,
          content,
          at: new Date(message.at),
        },
        { idempotencyKey },
      );
    },
  });

  /** The phone a send goes to, after the checks of its type. */
  async function targetOf(input: SmsSendInput, caller: AuthContext | null, signed: boolean): Promise<string> {
    const type = input.smsTypeCode;
    if (signed) {
      if (TO_GIVEN_PHONE.includes(type) || !caller)
        throw new AppError(Codes.INVALID_PARAMS, SMS_MESSAGES.typeInvalid);
      const account = await users.findById(caller.accountId);
      if (!account) throw new AppError(Codes.NOT_LOGGED_IN);
      return account.mobilePhone;
    }
    if (!TO_GIVEN_PHONE.includes(type)) throw new AppError(Codes.INVALID_PARAMS, SMS_MESSAGES.typeInvalid);
    const phone = input.mobilePhone?.trim() ?? '';
    if (!phone) throw new AppError(Codes.INVALID_PARAMS, Messages.phoneRequired);
    if (!isValidPhone(phone)) throw new AppError(Codes.INVALID_PARAMS, Messages.phoneInvalid);
    const registered = (await users.findByPhone(phone)) !== null;
    if (type === 'CHANGE_PHONE_NEW') {
      if (!caller) throw new AppError(Codes.NOT_LOGGED_IN);
      if (registered) throw new AppError(Codes.DUPLICATE, SMS_MESSAGES.phoneRegistered);
    } else if (!registered) {
      throw new AppError(Codes.NOT_FOUND, SMS_MESSAGES.phoneNotRegistered);
    }
    return phone;
  }

  async function checkLimits(phone: string, ip: string): Promise<void> {
    const now = clock().getTime();
    const ago = (ms: number) => new Date(now - ms);
    if ((await repo.countByPhoneSince(phone, ago(SEND_INTERVAL_MS))) >= SMS_SENDS_PER_PHONE_PER_MINUTE)
      throw new AppError(Codes.TOO_MANY_REQUESTS, SMS_MESSAGES.perMinute);
    if ((await repo.countByPhoneSince(phone, ago(hours(24)))) >= SMS_SENDS_PER_PHONE_PER_DAY)
      throw new AppError(Codes.TOO_MANY_REQUESTS, SMS_MESSAGES.perDay);
    if ((await repo.countByIpSince(ip, ago(hours(1)))) >= SMS_SENDS_PER_IP_PER_HOUR)
      throw new AppError(Codes.TOO_MANY_REQUESTS, SMS_MESSAGES.perIp);
  }

  async function passCaptcha(input: SmsSendInput, ip: string): Promise<void> {
    if (slider) {
      if (!(await slider.verify({ ticket: input.ticket, randStr: input.randStr, ip })))
        throw new AppError(Codes.CAPTCHA_INVALID, SMS_MESSAGES.sliderFailed);
      return;
    }
    if (!(await captcha.verify(input.ticket, input.randStr))) throw new AppError(Codes.CAPTCHA_INVALID);
  }

  return {
    /**
     * Sends a code: the type decides the phone, then the captcha token must be new, the captcha
     * passed, and the limits kept (1 a minute and 10 a day per phone, 30 an hour per address).
     */
    async send(
      input: SmsSendInput,
      caller: AuthContext | null,
      ip: string,
      signed: boolean,
    ): Promise<SmsSendResult> {
      const phone = await targetOf(input, caller, signed);
      if (await repo.ctokenUsed(input.ctoken)) throw new AppError(Codes.EXPIRED, SMS_MESSAGES.ctokenUsed);
      // The limits first, so a refused send does not use up the captcha the person just solved;
      // again under the locks of the phone and the address, for sends racing.
      await checkLimits(phone, ip);
      await passCaptcha(input, ip);
      const type = input.smsTypeCode;
      const sent = await db.transaction(async (tx) => {
        await lockKeys(tx, [`sms:phone:${phone}`, `sms:ip:${ip}`]);
        const now = clock();
        const ago = (ms: number) => new Date(now.getTime() - ms);
        await checkLimits(phone, ip);
        if (await repo.ctokenUsed(input.ctoken)) throw new AppError(Codes.EXPIRED, SMS_MESSAGES.ctokenUsed);
        const code = newCode();
        const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000);
        const replaced = await repo.closeOpen(phone, type, now);
        const codeId = await repo.insert({
          mobilePhone: phone,
          smsType: type,
          codeHash: codeHash(phone, type, code),
          ctoken: input.ctoken,
          ip,
          accountId: caller?.accountId ?? null,
          createdAt: now,
          expiresAt,
        });
        const content = `【代理商后台】您正在${PURPOSES[type]}，验证码 ${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露给他人。`;
        // The message is written with the code, in this transaction: both or neither. A message
        // still pending when the code dies is expired, never sent.
        const job = await outbox.enqueue(tx, {
          topic: SMS_TOPIC,
          idempotencyKey: `sms:${randomUUID()}`,
          payload: {
            mobilePhone: phone,
            smsType: type,
            at: now.toISOString(),
            sealed: cipher.encrypt(JSON.stringify({ code, content })),
          },
          expiresAt,
        });
        await repo.purgeBefore(ago(hours(48)));
        return { codeId, replaced, at: now, job };
      });
      // After the commit, with the phone's lock released: the provider may be slow or down. The
      // request delivers its own message and answers with the result; a failure voids the new code
      // and gives the one it replaced back, as if the send had never happened.
      const outcome = await outbox.deliver(sent.job, { retry: false });
      if (outcome !== 'sent' && outcome !== 'taken') {
        await db.transaction(() => repo.voidCode(sent.codeId, sent.replaced, sent.at));
        throw new AppError(Codes.INTERNAL_ERROR, SMS_MESSAGES.sendFailed);
      }
      return {
        mobilePhone: maskPhone(phone),
        expireSeconds: SMS_CODE_TTL_SECONDS,
        resendSeconds: SEND_INTERVAL_MS / 1000,
      };
    },

    /**
     * Uses up the code of a phone and type: valid 5 minutes, single use, the newest code only; a
     * wrong code counts against it and the 5th wrong try kills it. Call it after every other
     * check of the request, so a refused request leaves the code alone.
     */
    async consume(phone: string, type: SmsTypeCode, code: string): Promise<void> {
      // A wrong try must stay counted: inside a transaction, the refusal would roll it back.
      if (db.inTransaction()) throw new Error('sms.consume runs outside a transaction');
      const now = clock();
      const row = await repo.latestOpen(phone, type);
      if (!row || row.expiresAt.getTime() < now.getTime())
        throw new AppError(Codes.SMS_CODE_INVALID, SMS_MESSAGES.codeExpired);
      // The check is taken before the comparison: parallel guesses cannot compare more than the
      // code's tries between them.
      const tries = await repo.takeCheck(row.id, SMS_CODE_MAX_WRONG_TRIES);
      if (tries === null) throw new AppError(Codes.SMS_CODE_INVALID, SMS_MESSAGES.codeExpired);
      const expected = Buffer.from(row.codeHash);
      const given = Buffer.from(codeHash(phone, type, code.trim()));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const dead = tries >= SMS_CODE_MAX_WRONG_TRIES;
        if (dead) await repo.close(row.id, now);
        throw new AppError(Codes.SMS_CODE_INVALID, dead ? SMS_MESSAGES.codeDead : SMS_MESSAGES.codeWrong);
      }
      if (!(await repo.close(row.id, now)))
        throw new AppError(Codes.SMS_CODE_INVALID, SMS_MESSAGES.codeExpired);
    },

    async outbox(query: ListQueryOf<typeof smsOutboxList>, page: { pageNum: number; pageSize: number }) {
      return repo.outboxPage(
        { mobilePhone: query.mobilePhone || undefined, order: query.order ?? 'desc' },
        page,
      );
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
