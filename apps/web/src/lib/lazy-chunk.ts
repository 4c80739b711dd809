import { CHUNK_LOAD_TIMEOUT_MS } from '@agent-console/contract/constants';
import { type ComponentType, type LazyExoticComponent, lazy, useEffect, useRef, useState } from 'react';

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

/** A component whose chunk loads on demand. */
export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading it (on hover or focus of what shows it); a failure is reported by the render that needs it. */
  preload: () => void;
  /** Loads it; the promise fails with a chunk load error when the chunk does not come. */
  load: () => Promise<ComponentType<P>>;
  /** The component once its chunk has loaded, to draw it at once without suspending. */
  loaded: () => ComponentType<P> | undefined;
};

/**
 * A component kept out of the chunk of the screen that shows it. As a React lazy component it
 * loads the first time it renders (a failure reaches the nearest error boundary as a chunk load
 * error); `preload`, `load` and `loaded` let a screen start loading it earlier or draw a stand-in
 * until it is there (components/lazy-fields.tsx).
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let component: ComponentType<P> | undefined;
  const start = () => {
    loading ??= loadChunk(load).then(
      (loadedComponent) => {
        component = loadedComponent;
        return loadedComponent;
      },
      (error: unknown) => {
        loading = undefined; // the next render or preload tries again
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(
    lazy(() => start().then((loadedComponent) => ({ default: loadedComponent }))),
    {
      preload: () => {
        start().catch(() => undefined);
      },
      load: start,
      loaded: () => component,
    },
  );
}

/**
 * A lazy component to draw without suspending: undefined until its chunk is there, loaded while
 * `wanted` (the screen draws something else meanwhile, or nothing). A chunk that does not come is
 * given to `onFailure`, or thrown to the nearest error boundary without one.
 */
export function useLoaded<P>(
  component: LazyComponent<P>,
  wanted: boolean,
  onFailure?: (error: unknown) => void,
): ComponentType<P> | undefined {
  const loaded = component.loaded();
  const [, setArrived] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  const failed = useRef(onFailure);
  failed.current = onFailure;
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    component.load().then(
      () => {
        if (live) setArrived(true);
      },
      (error: unknown) => {
        if (!live) return;
        if (failed.current) failed.current(error);
        else setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [component, wanted, loaded]);
  return loaded;
}
