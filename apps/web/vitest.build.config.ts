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
  // The helpers the plugin edits too (tests otherwise load their CommonJS builds, which it leaves).
  resolve: {
    alias: [
      { find: /^antd$/, replacement: 'antd/es/index.js' },
      { find: /^@rc-component\/(select|form)$/, replacement: '@rc-component/$1/es/index.js' },
    ],
  },
  test: {
    name: 'web-build',
    environment: 'jsdom',
    include: ['build/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // antd and the helpers build/antd-on-demand.ts edits, as ES modules through the plugin.
    server: { deps: { inline: ['antd', '@rc-component/select', '@rc-component/form'] } },
    testTimeout: 60_000,
  },
});
