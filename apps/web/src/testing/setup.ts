import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s (the library's default is 1 s): antd loads parts of a form or a
// select on first use (build/antd-on-demand.ts), and on a CI machine under load that first import
// can take longer than a second. A test still fails when its text never comes.
configure({ asyncUtilTimeout: 5000 });

// A test that runs as the server does (`@vitest-environment node`: first-screen.test.tsx) has no window.
const browser = typeof window !== 'undefined';

afterEach(() => {
  if (!browser) return;
  cleanup();
  window.sessionStorage.clear();
});

// jsdom lacks matchMedia, which antd's responsive helpers read.
if (browser && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: vi.fn((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
