import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { antdOnDemand } from './build/antd-on-demand.ts';

/**
 * The build's own code (build/): its plugin's edits on the installed antd, and antd's ES modules
 * transformed by that plugin as the console's build has them, so the tests draw what users get.
 */
export default defineProject({
  plugins: [antdOnDemand(), react()],
  // antd's ES build, as the console's build has it (tests otherwise load its CommonJS build).
  resolve: { alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }] },
  test: {
    name: 'web-build',
    environment: 'jsdom',
    include: ['build/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    server: { deps: { inline: ['antd'] } },
    testTimeout: 60_000,
  },
});
