import { login } from '@agent-console/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { hashPassword } from '../../../lib/hash-password';
import { writeLoginState } from '../../../lib/login-state';

export interface LoginInput {
  mobilePhone: string;
  /** As typed: it travels as its lowercase hex MD5 (spec section 5: hashed before sending). */
  password: string;
  captchaKey?: string;
  captchaCode?: string;
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
