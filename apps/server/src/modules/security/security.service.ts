import {
  Codes,
  Messages,
  maskPhone,
  PHONE_LOOKUPS_PER_IP_PER_DAY,
  PHONE_LOOKUPS_PER_IP_PER_MINUTE,
} from '@agent-console/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { isUniqueViolation } from '../../shared/db-errors';
import { randomToken, sha256Hex } from '../../shared/hash';
import { hashPasswordDigest } from '../../shared/passwords';
import { hours, minutes } from '../../shared/time';
import type { SessionsService } from '../auth/sessions.service';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit.service';
import type { SmsService } from '../sms/sms.service';
import type { AccountRow, UsersService } from '../users/users.service';
import { requirePhoneVerified } from './gates';
import type { SecurityRepository } from './security.repository';

export const SECURITY_MESSAGES = {
  notOwnPhone: '手机号与当前绑定手机号不一致',
  phoneRegistered: '该手机号已注册',
  phoneNotRegistered: '该手机号未注册',
  samePhone: '新手机号不能与当前绑定手机号相同',
  phoneChangeExpired: '更换手机号已超时，请重新操作',
  resetExpired: '重置密码已超时，请重新验证手机号',
  lookupsPerMinute: '手机号查询过于频繁，请1分钟后再试',
  lookupsPerDay: '手机号查询次数已达今日上限，请明天再试',
} as const;

/** The public calls that tell whether a phone is registered share these budgets per address. */
export const PHONE_LOOKUP_RULES: readonly RateRule[] = [
  {
    name: 'phone-lookup:m',
    limit: PHONE_LOOKUPS_PER_IP_PER_MINUTE,
    windowMs: minutes(1),
    message: SECURITY_MESSAGES.lookupsPerMinute,
  },
  {
    name: 'phone-lookup:d',
    limit: PHONE_LOOKUPS_PER_IP_PER_DAY,
    windowMs: hours(24),
    message: SECURITY_MESSAGES.lookupsPerDay,
  },
];

/** Step two of a phone change or a password reset must follow step one within 10 minutes. */
export const STEP_TWO_WINDOW_MS = minutes(10);

export function createSecurityService(deps: {
  db: Database;
  repo: SecurityRepository;
  users: UsersService;
  sessions: SessionsService;
  sms: SmsService;
  limiter: RateLimiter;
  clock: Clock;
}) {
  const { db, repo, users, sessions, sms, limiter, clock } = deps;

  const accountOf = async (caller: AuthContext): Promise<AccountRow> => {
    const account = await users.findById(caller.accountId);
    if (!account) throw new AppError(Codes.NOT_LOGGED_IN);
    return account;
  };
  const requireSmsCode = (code: string | undefined): string => {
    if (!code) throw new AppError(Codes.INVALID_PARAMS, Messages.smsCodeRequired);
    return code;
  };

  return {
    /** Task 1: the code sent to the bound phone proves it. */
    async verifyPhone(caller: AuthContext, smsCode: string): Promise<boolean> {
      const account = await accountOf(caller);
      await sms.consume(account.mobilePhone, 'VERIFY_PHONE', smsCode);
      await users.markPhoneVerified(account.id);
      return true;
    },

    /** Spec section 5's server check of a phone field: 1 the bound phone, 2 an unregistered number. */
    async checkPhone(caller: AuthContext, mobilePhone: string, type: 1 | 2): Promise<boolean> {
      if (type === 1) {
        const account = await accountOf(caller);
        if (account.mobilePhone !== mobilePhone)
          throw new AppError(Codes.INVALID_PARAMS, SECURITY_MESSAGES.notOwnPhone);
        return true;
      }
      if (await users.findByPhone(mobilePhone))
        throw new AppError(Codes.DUPLICATE, SECURITY_MESSAGES.phoneRegistered);
      return true;
    },

    /** Public: whether a number is registered; counts against the address's lookup budget. */
    async isRegistered(mobilePhone: string, ip: string): Promise<boolean> {
      await limiter.take(ip, ...PHONE_LOOKUP_RULES);
      return (await users.findByPhone(mobilePhone)) !== null;
    },

    /** Change phone, step one: the new number, proven by its code; kept pending for 10 minutes. */
    async changePhoneOne(
      caller: AuthContext,
      mobilePhone: string,
      smsCode: string,
    ): Promise<{ oldMobilePhone: string }> {
      const account = await accountOf(caller);
      if (account.mobilePhone === mobilePhone)
        throw new AppError(Codes.INVALID_PARAMS, SECURITY_MESSAGES.samePhone);
      if (await users.findByPhone(mobilePhone))
        throw new AppError(Codes.DUPLICATE, SECURITY_MESSAGES.phoneRegistered);
      await sms.consume(mobilePhone, 'CHANGE_PHONE_NEW', smsCode);
      const now = clock();
      await repo.savePendingPhoneChange({
        accountId: account.id,
        newMobilePhone: mobilePhone,
        createdAt: now,
        expiresAt: new Date(now.getTime() + STEP_TWO_WINDOW_MS),
      });
      return { oldMobilePhone: maskPhone(account.mobilePhone) };
    },

    /** Change phone, step two: the old phone's code commits the change; the new number is verified. */
    async changePhoneTwo(caller: AuthContext, smsCode: string): Promise<{ mobilePhone: string }> {
      const account = await accountOf(caller);
      const pending = await repo.pendingPhoneChange(account.id, clock());
      if (!pending) throw new AppError(Codes.EXPIRED, SECURITY_MESSAGES.phoneChangeExpired);
      if (await users.findByPhone(pending.newMobilePhone))
        throw new AppError(Codes.DUPLICATE, SECURITY_MESSAGES.phoneRegistered);
      await sms.consume(account.mobilePhone, 'CHANGE_PHONE_OLD', smsCode);
      try {
        await db.transaction(async () => {
          await repo.changePhone(account.id, pending.newMobilePhone, clock());
          await repo.deletePendingPhoneChange(account.id);
        });
      } catch (err) {
        // Taken by someone else between the check and the update: the unique index says so.
        if (isUniqueViolation(err)) throw new AppError(Codes.DUPLICATE, SECURITY_MESSAGES.phoneRegistered);
        throw err;
      }
      return { mobilePhone: maskPhone(pending.newMobilePhone) };
    },

    /**
     * A new login password. The SMS code is required unless the initial password is still in use;
     * every other session of the account ends, the caller's stays.
     */
    async modifyPassword(caller: AuthContext, digest: string, smsCode: string | undefined): Promise<boolean> {
      const account = await accountOf(caller);
      requirePhoneVerified(caller, account);
      if (account.loginPasswordSet)
        await sms.consume(account.mobilePhone, 'LOGIN_PASSWORD', requireSmsCode(smsCode));
      const hash = await hashPasswordDigest(digest);
      await db.transaction(async () => {
        await users.setLoginPassword(account.id, hash);
        await sessions.revokeOthers(account.id, caller.sessionId);
      });
      return true;
    },

    /** The withdraw password. The SMS code is required once one is set. */
    async setPayPassword(caller: AuthContext, digest: string, smsCode: string | undefined): Promise<boolean> {
      const account = await accountOf(caller);
      requirePhoneVerified(caller, account);
      if (account.payPasswordHash !== null)
        await sms.consume(account.mobilePhone, 'PAY_PASSWORD', requireSmsCode(smsCode));
      await users.setPayPassword(account.id, await hashPasswordDigest(digest));
      return true;
    },

    /** Forgotten password, step one: the registered phone's code gives a single-use token (10 minutes). */
    async resetPasswordOne(
      mobilePhone: string,
      smsCode: string,
      ip: string,
    ): Promise<{ resetToken: string }> {
      // It tells a registered phone from another (该手机号未注册): the same budget as isRegistered.
      await limiter.take(ip, ...PHONE_LOOKUP_RULES);
      const account = await users.findByPhone(mobilePhone);
      if (!account) throw new AppError(Codes.NOT_FOUND, SECURITY_MESSAGES.phoneNotRegistered);
      await sms.consume(mobilePhone, 'RESET_PASSWORD', smsCode);
      const now = clock();
      const resetToken = randomToken(32);
      await db.transaction(async () => {
        await repo.replaceReset({
          tokenHash: sha256Hex(resetToken),
          accountId: account.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + STEP_TWO_WINDOW_MS),
        });
        await repo.purgeResets(new Date(now.getTime() - hours(24)));
      });
      return { resetToken };
    },

    /** Forgotten password, step two: the new password; every session of the account ends. */
    async resetPasswordTwo(resetToken: string, digest: string): Promise<boolean> {
      const hash = await hashPasswordDigest(digest);
      await db.transaction(async () => {
        const accountId = await repo.consumeReset(sha256Hex(resetToken), clock());
        if (accountId === null) throw new AppError(Codes.EXPIRED, SECURITY_MESSAGES.resetExpired);
        await users.setLoginPassword(accountId, hash);
        await sessions.revokeAll(accountId);
      });
      return true;
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
