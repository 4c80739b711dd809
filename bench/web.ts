/**
 * `npm run bench:web`: loads the login page cold in Chromium five times against the real server
 * (built console, fresh embedded database) and prints the gzipped JS the login route loads and the
 * median first contentful paint. Fails when the JS is over its budget.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { median, startServer } from './server';

const BUDGET_GZIP_BYTES = 200 * 1024;
const RUNS = 5;
const PORT = Number(process.env.BENCH_PORT ?? 18090);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const server = await startServer(PORT);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const fcps: number[] = [];
    const jsSizes: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext(); // a new context: empty cache, no cookies
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        const body = await response.body().catch(() => null);
        if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
      });
      await page.goto(`${server.origin}/login`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /登\s*录/ }).waitFor();
      const fcp = await page.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      );
      const js = [...scripts.values()].reduce((a, b) => a + b, 0);
      fcps.push(fcp);
      jsSizes.push(js);
      console.log(`run ${run}: FCP ${fcp.toFixed(0)} ms, ${scripts.size} scripts, ${kb(js)} gzipped JS`);
      await context.close();
    }
    const js = Math.max(...jsSizes);
    console.log(`\nlogin route gzipped JS: ${kb(js)} (budget ${kb(BUDGET_GZIP_BYTES)})`);
    console.log(`median first contentful paint: ${median(fcps).toFixed(0)} ms over ${RUNS} cold loads`);
    if (js > BUDGET_GZIP_BYTES) {
      console.error('over budget');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
