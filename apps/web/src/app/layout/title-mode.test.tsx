import { RESIZE_DEBOUNCE_MS } from '@agent-console/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseTitleMode, useTitleMode } from './title-mode';

describe('chooseTitleMode', () => {
  it('keeps full titles while they fit, exactly fitting included', () => {
    expect(chooseTitleMode(600, 400)).toBe('full');
    expect(chooseTitleMode(600, 600)).toBe('full');
  });

  it('switches to short titles once the full ones need more room than the bar has', () => {
    expect(chooseTitleMode(600, 601)).toBe('short');
  });

  it('keeps full titles while the bar has not been laid out', () => {
    expect(chooseTitleMode(0, 300)).toBe('full');
  });
});

function Bar() {
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const mode = useTitleMode(bar, measure, 'tabs');
  return (
    <>
      <div ref={bar} data-role="bar" />
      <div ref={measure} data-role="measure" />
      <output>{mode}</output>
    </>
  );
}

describe('useTitleMode', () => {
  let observers: Array<() => void>;
  let barWidth: number;
  const fullWidth = 500;

  beforeEach(() => {
    vi.useFakeTimers();
    observers = [];
    barWidth = 800;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {
          observers.push(() => this.callback());
        }
        observe() {}
        disconnect() {}
      },
    );
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.role === 'bar' ? barWidth : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.role === 'measure' ? fullWidth : 0;
    });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('measures at once, then follows resizes 300 ms after they stop', () => {
    render(<Bar />);
    expect(screen.getByRole('status').textContent).toBe('full');

    barWidth = 400;
    act(() => {
      for (const notify of observers) notify();
    });
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('full');
    // Another resize restarts the wait.
    act(() => {
      for (const notify of observers) notify();
    });
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('full');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('short');

    barWidth = 900;
    act(() => {
      for (const notify of observers) notify();
    });
    act(() => vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS));
    expect(screen.getByRole('status').textContent).toBe('full');
  });
});
