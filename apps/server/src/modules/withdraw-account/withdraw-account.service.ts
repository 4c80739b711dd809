import { Codes, maskPhone, maskRealName, type WithdrawAccount } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { formatChinaTime } from '../../shared/time';
import type { RealNameService } from '../real-name/real-name.service';
import type { DataCipher } from '../security/data-key';
import { requireIdentityVerified, requirePhoneVerified } from '../security/gates';
import type { SmsService } from '../sms/sms.service';
import type { UsersService } from '../users/users.service';
import type { WithdrawAccountRepository, WithdrawAccountRow } from './withdraw-account.repository';

/** 138****0000 for a phone, ab***@example.com for an e-mail, else the first and last two kept. */
export function maskAlipayAccount(account: string): string {
  if (/^1[3-9]\d{9}$/.test(account)) return maskPhone(account);
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 2)}***${account.slice(-2)}`;
}

export const WITHDRAW_MESSAGES = {
  nameMismatch: '姓名与实名认证信息不一致',
} as const;

export function createWithdrawAccountService(deps: {
  repo: WithdrawAccountRepository;
  users: UsersService;
  realName: RealNameService;
  sms: SmsService;
  cipher: DataCipher;
  clock: Clock;
}) {
  const { repo, users, realName, sms, cipher, clock } = deps;
  const toWire = (r: WithdrawAccountRow): WithdrawAccount => ({
    accountNo: maskAlipayAccount(cipher.decrypt(r.accountNoEnc)),
    realName: maskRealName(cipher.decrypt(r.realNameEnc)),
    updateTime: formatChinaTime(r.updatedAt),
  });

  const store = (accountId: number, input: { accountNo: string; realName: string }) => {
    const now = clock();
    return repo.upsert({
      accountId,
      accountNoEnc: cipher.encrypt(input.accountNo.trim()),
      realNameEnc: cipher.encrypt(input.realName.trim()),
      createdAt: now,
      updatedAt: now,
    });
  };

  return {
    async query(accountId: number): Promise<WithdrawAccount | null> {
      const row = await repo.find(accountId);
      return row ? toWire(row) : null;
    },

    /**
     * Sets the Alipay withdraw account. Gates in the dialog's order (phone verified, then identity
     * verified); the WITHDRAW_ACCOUNT code is required unless this is the first setup.
     */
    async save(
      caller: AuthContext,
      input: { accountNo: string; realName: string; smsCode?: string | undefined },
    ): Promise<WithdrawAccount> {
      const account = await users.findById(caller.accountId);
      if (!account) throw new AppError(Codes.NOT_LOGGED_IN);
      requirePhoneVerified(caller, account);
      requireIdentityVerified(caller, await realName.statusOf(account.id));
      const verifiedName = await realName.verifiedRealName(account.id);
      if (verifiedName !== null && verifiedName !== input.realName.trim())
        throw new AppError(Codes.INVALID_PARAMS, WITHDRAW_MESSAGES.nameMismatch);
      const existing = await repo.find(account.id);
      if (existing) {
        if (!input.smsCode) throw new AppError(Codes.INVALID_PARAMS, '请输入短信验证码');
        await sms.consume(account.mobilePhone, 'WITHDRAW_ACCOUNT', input.smsCode);
      }
      return toWire(await store(account.id, input));
    },

    /**
     * The stored (encrypted) account and name, for a withdrawal to keep a copy of them as they were
     * when the agent applied; null when none is set.
     */
    async sealedCopy(accountId: number): Promise<{ accountNoEnc: string; realNameEnc: string } | null> {
      const row = await repo.find(accountId);
      return row ? { accountNoEnc: row.accountNoEnc, realNameEnc: row.realNameEnc } : null;
    },
    /** Demo seeding: the account as a first setup would store it. */
    seedAccount: async (accountId: number, input: { accountNo: string; realName: string }) =>
      toWire(await store(accountId, input)),
  };
}

export type WithdrawAccountService = ReturnType<typeof createWithdrawAccountService>;
