import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an ingestion request (docs/contract.md#ingestion): hex HMAC-SHA256 with the
 * key's secret over `${timestamp}.${rawBody}`, the body's exact bytes. Used by the route, the
 * simulator and the tests: one way to sign.
 */
export function signIngest(secret: string, timestamp: string | number, rawBody: Uint8Array | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** Whether `signature` (hex) is the one of this body, compared in constant time on the bytes. */
export function verifyIngestSignature(
  secret: string,
  timestamp: string,
  rawBody: Uint8Array,
  signature: string,
): boolean {
  if (!HEX_SHA256.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
