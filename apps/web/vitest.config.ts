import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // antd forms in jsdom take seconds on a loaded 2-core machine (CI runs the server suites beside
    // them): a slow run is not a failure. Speed is measured by the benchmarks, not by timeouts.
    testTimeout: 30_000,
  },
});
