import { useCallback, useSyncExternalStore } from 'react';

const matcher = (query: string): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/** Whether a CSS media query matches now, following its changes (false where none can be read). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = matcher(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matcher(query)?.matches ?? false,
    () => false,
  );
}
