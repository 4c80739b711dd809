import { addUserBindAccount } from '@agent-console/contract/security';
import { call } from '../../../lib/api-client';

/** Sets (first setup, no code) or changes (with the SMS code) the Alipay withdraw account. */
export async function saveWithdrawAccount(accountNo: string, realName: string, smsCode?: string) {
  return (await call(addUserBindAccount, { accountNo, realName, ...(smsCode ? { smsCode } : {}) })).object;
}
