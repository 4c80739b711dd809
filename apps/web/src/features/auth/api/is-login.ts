import { Codes, isLogin } from '@agent-console/contract';
import { ApiError, call } from '../../../lib/api-client';
import { readLoginState, writeLoginState } from '../../../lib/login-state';

/**
 * Whether this browser tab is logged in: asked once, then kept in session storage (spec section 4).
 * A 9996 reply means "no": the console is then on its way to /login anyway.
 */
export async function fetchLoginState(): Promise<boolean> {
  const cached = readLoginState();
  if (cached !== null) return cached;
  try {
    const { object } = await call(isLogin, {}, { silent: true, ignoreUnauthorized: true });
    writeLoginState(object);
    return object;
  } catch (error) {
    if (error instanceof ApiError && error.code === Codes.NOT_LOGGED_IN) {
      writeLoginState(false);
      return false;
    }
    throw error;
  }
}
