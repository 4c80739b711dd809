import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitArgs = Parameters<NodeFS['init']>;
type InitResult = Awaited<ReturnType<NodeFS['init']>>;

/** What PGlite's Emscripten NODEFS exposes of itself (its typings stop at FileSystemType). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number; path?: string }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/**
 * PGlite's folder on disk (NodeFS) with a working fsync. PGlite writes its files through
 * Emscripten's NODEFS, which has no fsync: a write reaches the operating system's cache and
 * survives the process being killed, but not a power cut or a kernel crash. This file system
 * gives NODEFS an fsync that flushes the real file (`fs.fsyncSync` on its descriptor), so that
 * PostgreSQL's own fsync calls (the WAL at every commit, the data files at checkpoints) reach the
 * disk. Pair it with `DURABLE_START_PARAMS`: PGlite starts PostgreSQL with fsync off (`-F`).
 */
export class DurableNodeFS extends NodeFS {
  /** `onSync` hears every file flushed (tests watch the WAL being flushed at commit). */
  constructor(
    dataDir: string,
    private readonly onSync?: (path: string) => void,
  ) {
    super(dataDir);
  }

  override async init(...args: InitArgs): Promise<InitResult> {
    const { emscriptenOpts } = await super.init(...args);
    const addFsync = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsInternals;
      nodefs.stream_ops.fsync = (stream) => {
        const fd = stream.nfd;
        if (fd === undefined) return 0;
        // An I/O error becomes the errno PostgreSQL sees (it then stops rather than go on unsafely).
        nodefs.tryFSOperation(() => fsyncSync(fd));
        this.onSync?.(stream.path ?? '');
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}

/**
 * PGlite's start parameters with fsync on (without `-F`) and the WAL flushed with fsync(), the
 * call Emscripten routes to the file system (its fdatasync does nothing): every commit is on the
 * disk when it returns (`synchronous_commit` is on), as on PostgreSQL.
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
