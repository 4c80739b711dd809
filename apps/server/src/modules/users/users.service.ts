import { Codes, isValidPhone, maskPhone, type UserInfo } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { isUniqueViolation } from '../../shared/db-errors';
import { formatChinaTime } from '../../shared/time';
import type { AccountRow, UsersRepository } from './users.repository';

export type { AccountRow } from './users.repository';

/** What the onboarding tasks are derived from (spec section 4). */
export interface OnboardingState {
  phoneVerified: boolean;
  loginPasswordSet: boolean;
  payPasswordSet: boolean;
  withdrawAccountSet: boolean;
  realNameStatus: number | null;
}

/**
 * Derived from the real records: the account's own columns, its identity (real_name_records: 0
 * under review, 1 verified, 2 rejected) and its withdraw account (withdraw_accounts).
 */
export const onboardingOf = (
  a: AccountRow,
  records: { realNameStatus: number | null; withdrawAccountSet: boolean },
): OnboardingState => ({
  phoneVerified: a.phoneVerifiedAt !== null,
  loginPasswordSet: a.loginPasswordSet,
  payPasswordSet: a.payPasswordHash !== null,
  withdrawAccountSet: records.withdrawAccountSet,
  realNameStatus: records.realNameStatus,
});

export function createUsersService(repo: UsersRepository, clock: Clock) {
  const getWithRecords = async (accountId: number) => {
    const found = await repo.findWithRecords(accountId);
    if (!found) throw new AppError(Codes.NOT_LOGGED_IN);
    return found;
  };

  return {
    findById: (accountId: number) => repo.findById(accountId),
    findByPhone: (phone: string) => repo.findByPhone(phone),
    countAccounts: () => repo.count(),

    /** A new login with its initial password (already hashed); the password counts as not yet set. */
    async createAccount(input: { mobilePhone: string; loginPasswordHash: string }): Promise<AccountRow> {
      if (!isValidPhone(input.mobilePhone)) throw new AppError(Codes.INVALID_PARAMS, '手机号不正确');
      if (await repo.findByPhone(input.mobilePhone)) throw new AppError(Codes.DUPLICATE, '该手机号已注册');
      try {
        return await repo.insert({
          mobilePhone: input.mobilePhone,
          loginPasswordHash: input.loginPasswordHash,
          createdAt: clock(),
        });
      } catch (err) {
        // Two creations racing for one number: the unique index decides, with the same message.
        if (isUniqueViolation(err)) throw new AppError(Codes.DUPLICATE, '该手机号已注册');
        throw err;
      }
    },

    async userInfo(accountId: number): Promise<UserInfo> {
      const { account: a, realNameStatus } = await getWithRecords(accountId);
      return {
        userId: a.id,
        mobilePhone: maskPhone(a.mobilePhone),
        isSetPayPassword: a.payPasswordHash !== null,
        isSetLoginPassword: a.loginPasswordSet,
        phoneVerified: a.phoneVerifiedAt !== null,
        realNameStatus,
        createTime: formatChinaTime(a.createdAt),
        lastLoginTime: a.lastLoginAt ? formatChinaTime(a.lastLoginAt) : null,
      };
    },

    async onboarding(accountId: number): Promise<OnboardingState> {
      const { account, ...records } = await getWithRecords(accountId);
      return onboardingOf(account, records);
    },
    /** The onboarding states of many accounts, in one query. */
    async onboardingOfMany(accountIds: readonly number[]): Promise<Map<number, OnboardingState>> {
      const rows = await repo.findManyWithRecords(accountIds);
      return new Map(rows.map(({ account, ...records }) => [account.id, onboardingOf(account, records)]));
    },

    recordLogin: (accountId: number, at: Date) => repo.update(accountId, { lastLoginAt: at }),
    markPhoneVerified: (accountId: number) => repo.update(accountId, { phoneVerifiedAt: clock() }),
    /** Replaces the initial password: task 2 is done from now on. */
    setLoginPassword: (accountId: number, loginPasswordHash: string) =>
      repo.update(accountId, { loginPasswordHash, loginPasswordSet: true, loginPasswordChangedAt: clock() }),
    setPayPassword: (accountId: number, payPasswordHash: string) =>
      repo.update(accountId, { payPasswordHash }),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
