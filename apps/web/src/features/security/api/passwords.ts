import {
  modifyPassword,
  resetPasswordOne,
  resetPasswordTwo,
  setPayPassword,
} from '@agent-console/contract/security';
import { call } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';

const withCode = (smsCode: string | undefined) => (smsCode ? { smsCode } : {});

/** Changes the login password (the SMS code is left out when the initial password is replaced). */
export async function changeLoginPassword(password: string, smsCode?: string) {
  const newLoginPassword = await hashPassword(password);
  return (await call(modifyPassword, { newLoginPassword, ...withCode(smsCode) })).object;
}

/** Sets or changes the withdraw password (no SMS code when it is set for the first time). */
export async function changePayPassword(password: string, smsCode?: string) {
  const payPassword = await hashPassword(password);
  return (await call(setPayPassword, { payPassword, ...withCode(smsCode) })).object;
}

/** Forgotten password, step one: the registered phone and its code give a reset token. */
export const startPasswordReset = async (mobilePhone: string, smsCode: string) =>
  (await call(resetPasswordOne, { mobilePhone, smsCode })).object.resetToken;

/** Forgotten password, step two: the new password. */
export async function finishPasswordReset(resetToken: string, password: string) {
  const newLoginPassword = await hashPassword(password);
  return (await call(resetPasswordTwo, { resetToken, newLoginPassword })).object;
}
