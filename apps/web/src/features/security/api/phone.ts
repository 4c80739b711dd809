import { Codes } from '@agent-console/contract/envelope';
import {
  changeMobilePhoneOne,
  changeMobilePhoneTwo,
  isExistMobilePhone,
  notExistMobilePhone,
  verifyMobilePhone,
} from '@agent-console/contract/security';
import { ApiError, call } from '../../../lib/api-client';

/**
 * The server check of a phone field (spec section 5): type 1 when verifying the bound phone, type 2
 * for a new number that must not be registered. Resolves to the server's message when it refuses.
 */
export async function checkPhone(mobilePhone: string, type: 1 | 2): Promise<string | null> {
  try {
    await call(notExistMobilePhone, { mobilePhone, type }, { silent: true });
    return null;
  } catch (error) {
    // A silent call: the refusal is the field's message (spec section 5), not a toast.
    if (error instanceof ApiError) return error.message || '手机号校验失败';
    throw error;
  }
}

export const NOT_REGISTERED_MESSAGE = '该手机号未注册';

/**
 * The forgotten-password form's server check: null when the number belongs to an account, else
 * what the field says. A silent call: its failure becomes the field's message.
 */
export async function checkRegisteredPhone(mobilePhone: string): Promise<string | null> {
  try {
    const registered = (await call(isExistMobilePhone, {}, { params: { mobilePhone }, silent: true })).object;
    return registered ? null : NOT_REGISTERED_MESSAGE;
  } catch (error) {
    // Too many lookups from this address (1029): the server's message says how long to wait.
    if (error instanceof ApiError)
      return error.code === Codes.TOO_MANY_REQUESTS ? error.message : '手机号校验失败，请稍后重试';
    throw error;
  }
}

export const verifyPhone = async (smsCode: string) => (await call(verifyMobilePhone, { smsCode })).object;

export const changePhoneOne = async (mobilePhone: string, smsCode: string) =>
  (await call(changeMobilePhoneOne, { mobilePhone, smsCode })).object;

export const changePhoneTwo = async (smsCode: string) =>
  (await call(changeMobilePhoneTwo, {}, { params: { smsCode } })).object;
