import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_CAPTCHA_TEXT } from './tests/captcha-text';

const ROOT = resolve(import.meta.dirname, '..');
// E2E_PORT and E2E_WEB_DIST let several checkouts or engineers run the suite at once.
const PORT = Number(process.env.E2E_PORT ?? 18080);
const HOST = '127.0.0.1';

// A fresh database for every run. Workers load this file again: they inherit the folder
// chosen by the main process through the environment instead of making their own.
process.env.AGENT_CONSOLE_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'agent-console-e2e-'));
const DATA_DIR = process.env.AGENT_CONSOLE_E2E_DATA_DIR;

/** Debian's Chromium: Playwright cannot download its own browsers here. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./failure-context-reporter.ts']],
  use: {
    baseURL: `http://${HOST}:${PORT}`,
    browserName: 'chromium',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    // The console honours the system's reduced-motion setting (antd motion off): dialogs and
    // menus stand still as soon as they appear, so a loaded machine cannot click one mid-flight.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    { name: 'console', testIgnore: /login-protection\.spec\.ts/ },
    // The server asks every login from an address for a captcha after 3 failures from it:
    // the failed-login test runs last so it cannot affect the others.
    { name: 'login-protection', testMatch: /login-protection\.spec\.ts/, dependencies: ['console'] },
  ],
  webServer: {
    // src/server.ts with the image captchas' text injected (apps/server/test/e2e-server.ts).
    command: 'npm run start:e2e -w @agent-console/server',
    cwd: ROOT,
    url: `http://${HOST}:${PORT}/login`,
    env: {
      PORT: String(PORT),
      HOST,
      DATA_DIR,
      // The data key beside the throwaway folder, not in the user's config folder.
      DATA_KEY_FILE: `${DATA_DIR}.data.key`,
      LOG_LEVEL: 'warn',
      // A week of demo traffic: the business screens have rows, the start stays quick.
      DEMO_TRAFFIC: 'small',
      E2E_CAPTCHA_TEXT,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
