import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataCipher, DataKeyError, loadDataKey } from './data-key';

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
  const KEY = (fill: number) => Buffer.alloc(32, fill);
  const writeKey = (file: string, key: Buffer) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  };
  const layout = () => {
    const root = tempDir();
    return {
      file: join(root, 'config', 'agent-console', 'data.key'),
      legacyFile: join(root, 'data', 'secret.key'),
    };
  };

  it('creates the key file once (mode 600, folder 700) and reads the same key afterwards', () => {
    const source = layout();
    const notices: string[] = [];
    const first = loadDataKey(source, (n) => notices.push(n));
    expect(first).toHaveLength(32);
    expect(statSync(source.file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(source.file)).mode & 0o777).toBe(0o700);
    expect(notices).toEqual([expect.stringContaining(`Created a new data key in ${source.file}`)]);
    const content = readFileSync(source.file, 'utf8');
    expect(loadDataKey(source, (n) => notices.push(n)).equals(first)).toBe(true);
    expect(readFileSync(source.file, 'utf8')).toBe(content);
    expect(notices).toHaveLength(1);
    expect(existsSync(source.legacyFile)).toBe(false);
  });

  it('moves a key an earlier version left in the data folder out of it, saying so', () => {
    const source = layout();
    writeKey(source.legacyFile, KEY(5));
    const notices: string[] = [];
    expect(loadDataKey(source, (n) => notices.push(n)).equals(KEY(5))).toBe(true);
    expect(existsSync(source.legacyFile)).toBe(false);
    expect(readFileSync(source.file, 'utf8').trim()).toBe(KEY(5).toString('base64'));
    expect(statSync(source.file).mode & 0o777).toBe(0o600);
    expect(notices).toEqual([
      expect.stringContaining(`Moved the data key from ${source.legacyFile} to ${source.file}`),
    ]);
  });

  it('removes the copy in the data folder when the key file holds the same key', () => {
    const source = layout();
    writeKey(source.file, KEY(5));
    writeKey(source.legacyFile, KEY(5));
    const notices: string[] = [];
    expect(loadDataKey(source, (n) => notices.push(n)).equals(KEY(5))).toBe(true);
    expect(existsSync(source.legacyFile)).toBe(false);
    expect(notices).toEqual([expect.stringContaining(`Removed ${source.legacyFile}`)]);
  });

  it('refuses two different keys and touches neither', () => {
    const source = layout();
    writeKey(source.file, KEY(5));
    writeKey(source.legacyFile, KEY(6));
    expect(() => loadDataKey(source)).toThrow(DataKeyError);
    expect(() => loadDataKey(source)).toThrow(/Two different data keys/);
    expect(readFileSync(source.legacyFile, 'utf8').trim()).toBe(KEY(6).toString('base64'));
    expect(readFileSync(source.file, 'utf8').trim()).toBe(KEY(5).toString('base64'));
  });

  it('refuses a key file that does not hold 32 bytes', () => {
    const source = layout();
    mkdirSync(dirname(source.legacyFile), { recursive: true });
    writeFileSync(source.legacyFile, 'short\n');
    expect(() => loadDataKey(source)).toThrow(/does not hold a base64 key of 32 bytes/);
    expect(existsSync(source.file)).toBe(false);
  });

  it('takes DATA_KEY as given, and says the data folder key is not used', () => {
    const source = layout();
    const key = Buffer.alloc(32, 9);
    expect(loadDataKey({ base64: key.toString('base64'), legacyFile: source.legacyFile }).equals(key)).toBe(
      true,
    );
    writeKey(source.legacyFile, KEY(5));
    const notices: string[] = [];
    loadDataKey({ base64: key.toString('base64'), legacyFile: source.legacyFile }, (n) => notices.push(n));
    expect(notices).toEqual([expect.stringContaining('is not used')]);
    expect(existsSync(source.legacyFile)).toBe(true);
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
