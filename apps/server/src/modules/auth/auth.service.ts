import {
  Codes,
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR,
  LOGIN_MAX_FAILURES_PER_HOUR,
  type LoginResult,
} from '@agent-console/contract';
import type { Database } from '../../db/client';
import { lockKeys } from '../../db/locks';
import { AppError } from '../../shared/app-error';
import type { RequestMeta } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { dummyVerify, verifyPasswordDigest } from '../../shared/passwords';
import { hours, minutes } from '../../shared/time';
import type { AgentsService } from '../agents/agents.service';
import type { UsersService } from '../users/users.service';
import type { CaptchaService } from './captcha.service';
import type { LoginAttemptsRepository } from './login-attempts.repository';
import type { SessionsService, StartedSession } from './sessions.service';

export interface LoginInput {
  mobilePhone: string;
  /** Lowercase hex MD5 of the password. */
  password: string;
  captchaKey?: string | undefined;
  captchaCode?: string | undefined;
}

const latest = (...dates: (Date | null | undefined)[]): Date =>
  new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));

export const LOGIN_MESSAGES = {
  addressLocked: '该网络地址登录失败次数过多，请1小时后再试',
  phoneLocked: '该账号登录失败次数过多，已暂时锁定；可通过“忘记密码”重置密码后立即登录',
} as const;

export function createAuthService(deps: {
  db: Database;
  users: UsersService;
  agents: AgentsService;
  sessions: SessionsService;
  captcha: CaptchaService;
  attempts: LoginAttemptsRepository;
  clock: Clock;
}) {
  const { db, users, agents, sessions, captcha, attempts, clock } = deps;

  /**
   * The limits, read under the locks of the phone and the address (docs/domain.md#login):
   * - an address with 30 failures in the last hour is refused (any phone);
   * - a phone with 100 failures in the last hour is refused, even with the right password, until
   *   the hour has passed or the password is reset by SMS (failures before the reset no longer
   *   count), so nobody can keep the owner out;
   * - a captcha is due after 3 failures within 15 minutes for the phone (counting only those since
   *   its last successful login or password reset) or for the address (all of them: a login to
   *   one's own account must not reset an address that guesses at others).
   */
  async function checkLimits(
    phone: string,
    ip: string,
    passwordChangedAt: Date | null,
    now: Date,
  ): Promise<{ captchaDue: boolean }> {
    const hourAgo = new Date(now.getTime() - hours(1));
    const windowStart = new Date(now.getTime() - minutes(LOGIN_FAILURE_WINDOW_MINUTES));
    if ((await attempts.failuresByIpSince(ip, hourAgo)) >= LOGIN_MAX_FAILURES_PER_ADDRESS_PER_HOUR)
      throw new AppError(Codes.LOGIN_LOCKED, LOGIN_MESSAGES.addressLocked);
    if (
      (await attempts.failuresByPhoneSince(phone, latest(hourAgo, passwordChangedAt))) >=
      LOGIN_MAX_FAILURES_PER_HOUR
    )
      throw new AppError(Codes.LOGIN_LOCKED, LOGIN_MESSAGES.phoneLocked);
    if ((await attempts.failuresByIpSince(ip, windowStart)) >= LOGIN_CAPTCHA_AFTER_FAILURES)
      return { captchaDue: true };
    const since = latest(windowStart, await attempts.lastSuccessByPhone(phone), passwordChangedAt);
    return {
      captchaDue: (await attempts.failuresByPhoneSince(phone, since)) >= LOGIN_CAPTCHA_AFTER_FAILURES,
    };
  }

  return {
    async login(
      input: LoginInput,
      meta: RequestMeta,
      previousToken: string | undefined,
    ): Promise<{ session: StartedSession; result: LoginResult }> {
      const phone = input.mobilePhone;
      // A captcha sent along is used up whether or not it turns out to be due: checked inside the
      // transaction below, a refusal's rollback would give a wrong answer back for another try.
      const { captchaKey, captchaCode } = input;
      const captchaGiven = Boolean(captchaKey && captchaCode);
      const captchaPassed = captchaKey && captchaCode ? await captcha.verify(captchaKey, captchaCode) : false;
      const account = await users.findByPhone(phone);

      // The limits are read and this attempt recorded, as a failure until the password proves
      // right, under the locks of the phone and the address: parallel guesses count one another.
      const { attemptId, now } = await db.transaction(async (tx) => {
        await lockKeys(tx, [`login:phone:${phone}`, `login:ip:${meta.ip}`]);
        const at = clock();
        const { captchaDue } = await checkLimits(phone, meta.ip, account?.loginPasswordChangedAt ?? null, at);
        if (captchaDue && !captchaGiven) throw new AppError(Codes.CAPTCHA_REQUIRED);
        if (captchaDue && !captchaPassed) throw new AppError(Codes.CAPTCHA_INVALID);
        return { attemptId: await attempts.reserve({ phone, ip: meta.ip, at }), now: at };
      });

      // The slow hash runs with no lock held.
      const passwordOk = account
        ? await verifyPasswordDigest(account.loginPasswordHash, input.password)
        : await dummyVerify(input.password);
      if (!account || !passwordOk) throw new AppError(Codes.LOGIN_FAILED);
      await attempts.markSuccess(attemptId);

      const agent = await agents.findByUserId(account.id);
      if (account.status !== 'active' || !agent || agent.status !== 'active') {
        throw new AppError(Codes.ACCOUNT_DISABLED);
      }
      const session = await sessions.start(account.id, meta, previousToken);
      await users.recordLogin(account.id, now);
      await attempts.purgeBefore(new Date(now.getTime() - hours(24)));
      return { session, result: { userId: account.id, agentId: agent.id } };
    },

    logout: (token: string) => sessions.revoke(token),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
