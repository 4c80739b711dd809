import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../../config';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of an encrypted value, so a later key rotation can tell versions apart. */
const PREFIX = 'v1:';

/** The data key cannot be used safely: the server says why and does not start. */
export class DataKeyError extends Error {
  override readonly name = 'DataKeyError';
}

/** Where the key-file steps say what they did (the server writes it to standard error). */
export type KeyNotice = (message: string) => void;

const readKeyFile = (file: string): Buffer => {
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a base64 key of 32 bytes`);
  return key;
};

/** Flushes a file or a folder to the disk (a folder: so a new or removed name survives a power cut). */
const fsyncPath = (path: string) => {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/** Writes a new key file (mode 600, folder 700) durably; false when one exists already. */
function writeKeyFile(file: string, key: Buffer): boolean {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx': never overwrite a key another process wrote meanwhile.
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  fsyncPath(file);
  fsyncPath(dirname(file));
  return true;
}

/**
 * A key left in the data folder by an earlier version (`DATA_DIR/secret.key`) goes to the key
 * file: copied (durably), read back, then removed from the data folder. When the key file exists
 * already with the same key, the copy in the data folder is removed; with another key, nothing is
 * touched and the server refuses to start (which key encrypts this database is not ours to guess).
 */
function moveLegacyKey(file: string, legacyFile: string, notice: KeyNotice): void {
  const legacy = readKeyFile(legacyFile);
  if (!existsSync(file)) {
    if (writeKeyFile(file, legacy)) {
      if (!readKeyFile(file).equals(legacy))
        throw new Error(`${file}: the moved data key does not read back`);
      unlinkSync(legacyFile);
      fsyncPath(dirname(legacyFile));
      notice(
        `数据密钥已从数据目录移到 ${file}，请将其与数据分开备份 / ` +
          `Moved the data key from ${legacyFile} to ${file}: back it up apart from the data folder`,
      );
      return;
    }
    // Another process wrote the key file meanwhile: compare with it below.
  }
  if (!readKeyFile(file).equals(legacy)) {
    throw new DataKeyError(
      `两个不同的数据密钥：${file} 与 ${legacyFile} / Two different data keys: ${file} and ${legacyFile}. The one in the data folder encrypts the ` +
        `data of ${dirname(legacyFile)}: move it to a key file of its own outside the data folder and ` +
        'point DATA_KEY_FILE at it (or set DATA_KEY), then start again.',
    );
  }
  unlinkSync(legacyFile);
  fsyncPath(dirname(legacyFile));
  notice(
    `已删除数据目录中的数据密钥副本（与 ${file} 相同） / ` +
      `Removed ${legacyFile}: the same key is in ${file}`,
  );
}

/**
 * The data key: DATA_KEY as given, or the key file, created (mode 600) the first time. A key an
 * earlier version left in the data folder is moved to the key file first. `notice` hears what was
 * done to files (the server writes it to standard error).
 */
export function loadDataKey(source: Config['dataKey'], notice: KeyNotice = () => {}): Buffer {
  if ('base64' in source) {
    if (existsSync(source.legacyFile))
      notice(
        `DATA_KEY 已设置，数据目录中的 ${source.legacyFile} 未被使用 / ` +
          `DATA_KEY is set: ${source.legacyFile} in the data folder is not used (remove it once DATA_KEY is backed up)`,
      );
    return Buffer.from(source.base64, 'base64');
  }
  if (existsSync(source.legacyFile)) moveLegacyKey(source.file, source.legacyFile, notice);
  if (writeKeyFile(source.file, randomBytes(KEY_BYTES)))
    notice(
      `已生成新的数据密钥 ${source.file}，请与数据分开备份 / ` +
        `Created a new data key in ${source.file}: back it up apart from the data folder`,
    );
  chmodSync(source.file, 0o600);
  return readKeyFile(source.file);
}

/**
 * The secrets kept outside the database, all derived (HKDF-SHA256) from one data key: AES-256-GCM
 * for identities and withdraw accounts, and HMAC keys for SMS codes and ID-number uniqueness.
 */
export function createDataCipher(dataKey: Buffer) {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, KEY_BYTES));
  const aesKey = derive('agent-console/aes-256-gcm');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let key = macKeys.get(purpose);
    if (!key) {
      key = derive(`agent-console/hmac/${purpose}`);
      macKeys.set(purpose, key);
    }
    return key;
  };

  return {
    /** "v1:" + base64(iv | ciphertext | tag). */
    encrypt(plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
    },
    decrypt(stored: string): string {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown encrypted value format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(raw.length - TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    /** HMAC-SHA256 (hex) under a key of its own for each purpose. */
    mac(purpose: string, value: string): string {
      return createHmac('sha256', macKey(purpose)).update(value).digest('hex');
    },
  };
}

export type DataCipher = ReturnType<typeof createDataCipher>;
