/** Spec section 5: passwords are hashed before sending: the lowercase hex MD5 (js-md5, loaded on use). */
export async function hashPassword(password: string): Promise<string> {
  const { md5 } = await import('js-md5');
  return md5(password).toLowerCase();
}
