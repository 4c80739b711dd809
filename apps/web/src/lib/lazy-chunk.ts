import { CHUNK_LOAD_TIMEOUT_MS } from '@agent-console/contract';

/** A script chunk that did not arrive: the error boundary offers a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));

/** Loads a lazy chunk, failing with a chunk load error after 120 s (spec section 9). */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('页面资源加载超时')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? new ChunkLoadError('页面资源加载失败') : error);
      },
    );
  });
}
