import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { strToU8, type Zippable, zip } from 'fflate';

/**
 * The client package of a channel: a zip holding the channel's `cybercafe.ini` (the `channel`
 * value the PC client reports, and the server it talks to), a short read-me, and, when the
 * deployment gives one (`templateDir`), the client's own files. Files are written under the
 * package folder with generated names and replaced atomically (written aside, then renamed).
 */

/** The text of `cybercafe.ini` (CRLF: the client is a Windows program). */
export function cybercafeIni(channelCode: string, serverUrl: string): string {
  return ['[cybercafe]', `channel=${channelCode}`, `server=${serverUrl}`, ''].join('\r\n');
}

const README = (channelCode: string, name: string) =>
  [
    `推广渠道：${name}`,
    `渠道编号：${channelCode}`,
    '',
    '将本压缩包解压到网吧客户端的安装目录，保留 cybercafe.ini 与客户端程序在同一目录下。',
    '',
  ].join('\r\n');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export interface PackInput {
  channelCode: string;
  channelName: string;
  serverUrl: string;
}

/**
 * Builds the zip. `progress(p)` is told 0-100 as the files are added and compressed (the caller
 * writes it where the console reads it).
 */
export async function buildPackage(
  input: PackInput,
  templateDir: string | null,
  progress: (percent: number) => Promise<void>,
): Promise<Uint8Array> {
  const files: Zippable = {};
  const template = templateDir ? await filesUnder(templateDir) : [];
  for (const [i, file] of template.entries()) {
    const name = relative(templateDir as string, file)
      .split(sep)
      .join('/');
    files[name] = await readFile(file);
    await progress(10 + Math.round((50 * (i + 1)) / template.length));
  }
  files['cybercafe.ini'] = strToU8(cybercafeIni(input.channelCode, input.serverUrl));
  files['说明.txt'] = strToU8(README(input.channelCode, input.channelName));
  await progress(60);
  const bytes = await new Promise<Uint8Array>((ok, fail) =>
    zip(files, { level: 6 }, (err, data) => (err ? fail(err) : ok(data))),
  );
  await progress(90);
  return bytes;
}

/** Where the packages are kept: one file per channel's latest package. */
export function createPackageStore(dir: string) {
  const root = resolve(dir);
  return {
    /** Writes a package and answers its file name (relative to the folder). */
    async save(channelCode: string, bytes: Uint8Array): Promise<string> {
      await mkdir(root, { recursive: true });
      const name = `${channelCode}-${randomBytes(6).toString('hex')}.zip`;
      const aside = join(root, `.${name}.tmp`);
      await writeFile(aside, bytes);
      await rename(aside, join(root, name));
      return name;
    },
    /** The absolute path of a stored package; null for a name that would leave the folder. */
    pathOf(name: string): string | null {
      const path = resolve(root, name);
      return path.startsWith(`${root}${sep}`) ? path : null;
    },
    async remove(name: string): Promise<void> {
      const path = resolve(root, name);
      if (path.startsWith(`${root}${sep}`)) await rm(path, { force: true });
    },
  };
}

export type PackageStore = ReturnType<typeof createPackageStore>;
