/**
 * The login state of spec section 4: a boolean fetched once, then kept in session storage so a
 * reload of the tab does not ask the server again. The session cookie itself is HttpOnly.
 */
const KEY = 'agent-console:logged-in';

export function readLoginState(): boolean | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw === null ? null : raw === '1';
  } catch {
    // Storage may be unavailable (private mode, blocked): unknown, so the state is asked again.
    return null;
  }
}

export function writeLoginState(loggedIn: boolean): void {
  try {
    window.sessionStorage.setItem(KEY, loggedIn ? '1' : '0');
  } catch {
    // Storage may be unavailable (private mode, blocked; it throws nothing else): the state is then
    // asked again on each load.
  }
}

export function clearLoginState(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // See writeLoginState.
  }
}
