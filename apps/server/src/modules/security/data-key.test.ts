import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataCipher, loadDataKey } from './data-key';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadDataKey', () => {
  it('creates the key file once (mode 600) and reads the same key afterwards', () => {
    const file = join(tempDir(), 'nested', 'secret.key');
    const first = loadDataKey({ file });
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    expect(loadDataKey({ file }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });

  it('takes DATA_KEY as given', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadDataKey({ base64: key.toString('base64') }).equals(key)).toBe(true);
  });
});

describe('createDataCipher', () => {
  const cipher = createDataCipher(Buffer.alloc(32, 1));

  it('round-trips, with a fresh IV each time and no plaintext in the output', () => {
    const a = cipher.encrypt('440305199001011234');
    const b = cipher.encrypt('440305199001011234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('440305');
    expect(cipher.decrypt(a)).toBe('440305199001011234');
  });

  it('refuses a tampered value or another key', () => {
    const value = cipher.encrypt('张三');
    const raw = Buffer.from(value.slice(3), 'base64');
    raw[14] = (raw[14] ?? 0) ^ 1;
    expect(() => cipher.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
    expect(() => createDataCipher(Buffer.alloc(32, 2)).decrypt(value)).toThrow();
  });

  it('keeps a separate HMAC key per purpose', () => {
    expect(cipher.mac('a', 'x')).toMatch(/^[0-9a-f]{64}$/);
    expect(cipher.mac('a', 'x')).toBe(cipher.mac('a', 'x'));
    expect(cipher.mac('a', 'x')).not.toBe(cipher.mac('b', 'x'));
  });
});
