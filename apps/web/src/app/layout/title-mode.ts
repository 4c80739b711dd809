import { RESIZE_DEBOUNCE_MS } from '@agent-console/contract/constants';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { debounce } from '../../lib/debounce';

export type TitleMode = 'full' | 'short';

/**
 * Full titles while they fit in the bar, short titles once they do not (spec section 2). Nothing
 * measured yet (width 0) keeps full titles.
 */
export function chooseTitleMode(availableWidth: number, fullTitlesWidth: number): TitleMode {
  return availableWidth > 0 && fullTitlesWidth > availableWidth ? 'short' : 'full';
}

/**
 * Measures the bar (`container`) against a hidden row of the same tabs with full titles
 * (`measure`): at once when the tabs change, and 300 ms after the bar stops resizing.
 */
export function useTitleMode(
  container: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  signature: string,
): TitleMode {
  const [mode, setMode] = useState<TitleMode>('full');

  const recompute = useCallback(() => {
    const bar = container.current;
    const row = measure.current;
    if (!bar || !row) return;
    setMode(chooseTitleMode(bar.clientWidth, row.scrollWidth));
  }, [container, measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab signature is what changes the width needed.
  useLayoutEffect(recompute, [recompute, signature]);

  useEffect(() => {
    const bar = container.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const onResize = debounce(recompute, RESIZE_DEBOUNCE_MS);
    const observer = new ResizeObserver(() => onResize());
    observer.observe(bar);
    return () => {
      observer.disconnect();
      onResize.cancel();
    };
  }, [container, recompute]);

  return mode;
}
