import { logout } from '@agent-console/contract/auth';
import { Codes } from '@agent-console/contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client';
import { browser } from '../../../lib/browser';
import { clearLoginState } from '../../../lib/login-state';

/** Ends the session on the server, forgets the login state and reloads the page (spec section 4). */
export async function logoutAndReload(): Promise<void> {
  try {
    await call(logout, {}, { ignoreUnauthorized: true });
  } catch (error) {
    // Already logged out on the server: go on. Anything else was toasted; stay logged in.
    if (!(error instanceof ApiError && error.code === Codes.NOT_LOGGED_IN)) throw error;
  }
  clearLoginState();
  browser.reload();
}

export const useLogout = () => useMutation({ mutationFn: logoutAndReload });
