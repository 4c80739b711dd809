import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords reach the server as the lowercase hex MD5 the browser computes (the spec's wire
 * format); that digest is what gets stored, as argon2id with the library's defaults (19 MiB,
 * 2 passes: OWASP's recommendation).
 */
export const hashPasswordDigest = (digest: string): Promise<string> => hash(digest);

export async function verifyPasswordDigest(encoded: string, digest: string): Promise<boolean> {
  try {
    return await verify(encoded, digest);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

let dummy: Promise<string> | null = null;

/** Spends the time of one real check, so an unknown phone answers as slowly as a wrong password. */
export async function dummyVerify(digest: string): Promise<false> {
  dummy ??= hash('0'.repeat(32));
  await verifyPasswordDigest(await dummy, digest);
  return false;
}
