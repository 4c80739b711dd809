import { login } from '@agent-console/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { writeLoginState } from '../../../lib/login-state';

export interface LoginInput {
  mobilePhone: string;
  /** As typed: it travels as its lowercase hex MD5 (spec section 5: hashed before sending). */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/** Loaded when the form is submitted, not with the login page. */
export async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password).toLowerCase();
}

export async function submitLogin({ mobilePhone, password, captchaKey, captchaCode }: LoginInput) {
  const { object } = await call(login, {
    mobilePhone: mobilePhone.trim(),
    password: await hashPassword(password),
    ...(captchaKey && captchaCode ? { captchaKey, captchaCode: captchaCode.trim() } : {}),
  });
  writeLoginState(true);
  return object;
}

export const useLogin = () => useMutation({ mutationFn: submitLogin });
