/**
 * Spec section 5: a password travels hashed, as its lowercase hex MD5 (login, the agent's initial
 * password, every password dialog). js-md5 loads on first use, so no screen carries it up front.
 */
export async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password).toLowerCase();
}
