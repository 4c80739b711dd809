import { createHash, randomBytes } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random URL-safe token of the given number of bytes (32 bytes: 256 bits). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
