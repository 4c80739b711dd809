import {
  Codes,
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_HOUR,
  type LoginResult,
} from '@agent-console/contract';
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

const latest = (a: Date, b: Date | null) => (b && b.getTime() > a.getTime() ? b : a);

export function createAuthService(deps: {
  users: UsersService;
  agents: AgentsService;
  sessions: SessionsService;
  captcha: CaptchaService;
  attempts: LoginAttemptsRepository;
  clock: Clock;
}) {
  const { users, agents, sessions, captcha, attempts, clock } = deps;

  /**
   * A captcha is due after 3 failures within 15 minutes for the phone (counting only those since
   * its last successful login) or for the address (all of them: a login to one's own account must
   * not reset an address that guesses at others).
   */
  async function captchaRequired(phone: string, ip: string, now: Date): Promise<boolean> {
    const windowStart = new Date(now.getTime() - minutes(LOGIN_FAILURE_WINDOW_MINUTES));
    const [byIp, lastSuccess] = await Promise.all([
      attempts.failuresByIpSince(ip, windowStart),
      attempts.lastSuccessByPhone(phone),
    ]);
    if (byIp >= LOGIN_CAPTCHA_AFTER_FAILURES) return true;
    const byPhone = await attempts.failuresByPhoneSince(phone, latest(windowStart, lastSuccess));
    return byPhone >= LOGIN_CAPTCHA_AFTER_FAILURES;
  }

  return {
    async login(
      input: LoginInput,
      meta: RequestMeta,
      previousToken: string | undefined,
    ): Promise<{ session: StartedSession; result: LoginResult }> {
      const now = clock();
      const phone = input.mobilePhone;

      // The hourly cap holds even for the right password.
      const lastHour = await attempts.failuresByPhoneSince(phone, new Date(now.getTime() - hours(1)));
      if (lastHour >= LOGIN_MAX_FAILURES_PER_HOUR) throw new AppError(Codes.LOGIN_LOCKED);

      if (await captchaRequired(phone, meta.ip, now)) {
        if (!input.captchaKey || !input.captchaCode) throw new AppError(Codes.CAPTCHA_REQUIRED);
        if (!(await captcha.verify(input.captchaKey, input.captchaCode)))
          throw new AppError(Codes.CAPTCHA_INVALID);
      }

      const account = await users.findByPhone(phone);
      const passwordOk = account
        ? await verifyPasswordDigest(account.loginPasswordHash, input.password)
        : await dummyVerify(input.password);
      await attempts.record({ phone, ip: meta.ip, at: now, success: passwordOk });
      if (!account || !passwordOk) throw new AppError(Codes.LOGIN_FAILED);

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
