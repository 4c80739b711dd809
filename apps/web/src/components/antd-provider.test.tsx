import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider';

/** A matchMedia whose reduced-motion answer the test can flip while the console is open. */
function stubReducedMotion(initial: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: initial };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && state.matches;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (matches: boolean) => {
    state.matches = matches;
    for (const listener of listeners) listener();
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span>{token.motion ? 'motion on' : 'motion off'}</span>;
}

describe('AntdProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps antd motion when the system does not ask for less', () => {
    stubReducedMotion(false);
    render(
      <AntdProvider>
        <MotionProbe />
      </AntdProvider>,
    );
    expect(screen.getByText('motion on')).toBeTruthy();
  });

  it('turns antd motion off while the system asks for reduced motion, and back on', () => {
    const setReduced = stubReducedMotion(true);
    render(
      <AntdProvider>
        <MotionProbe />
      </AntdProvider>,
    );
    expect(screen.getByText('motion off')).toBeTruthy();
    act(() => setReduced(false));
    expect(screen.getByText('motion on')).toBeTruthy();
  });
});
