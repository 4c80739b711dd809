import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;

const subscribe = (onChange: () => void): (() => void) => {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

const snapshot = (): boolean => media()?.matches === true;

/** Whether the system asks for reduced motion now (false where it cannot be read: the server). */
export const prefersReducedMotion = snapshot;

/** Whether the system asks for reduced motion; follows the setting while the console is open. */
export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, snapshot, () => false);
