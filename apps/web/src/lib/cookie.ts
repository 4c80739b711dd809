/** Small first-party cookies: UI preferences (the sidebar flag of spec section 2), the export token. */

/** The page request's Cookie header while the server renders the first screen (first-screen.tsx). */
let requestCookies: string | undefined;

/**
 * Renders with `header` as the cookies `readCookie` reads, where there is no document (the
 * server's render of the first screen, which is synchronous: no other render sees them).
 */
export function withRequestCookies<T>(header: string, render: () => T): T {
  requestCookies = header;
  try {
    return render();
  } finally {
    requestCookies = undefined;
  }
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const cookies = requestCookies ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of cookies.split(/;\s*/)) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days = 365): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the flag is read synchronously on first render; the async Cookie Store API is not in every browser.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the same cookie writeCookie and the server set, read synchronously.
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; path=/; SameSite=Lax`;
}
