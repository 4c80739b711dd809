/**
 * `npm run bench:web`: loads the console cold in Chromium against the real server (built console,
 * fresh embedded database) and prints what it costs on the wire and in the browser:
 *
 * - `/login`, five cold loads: first contentful paint, the scripts' raw and gzipped size and the
 *   bytes Chromium actually received for them (compressed as the server sent them);
 * - `/agent-mgt` (a list screen), three cold loads signed in as the demo operator: the number of
 *   scripts, their raw, gzipped and on-the-wire size, and the JS heap once the table is drawn;
 * - `/` (the workbench, issue 11), five cold loads signed in as the demo operator: the time from
 *   the navigation's start until the totals card shows its figures (goal: 700 ms), and its scripts.
 *   The server was started by the bench: the loads run while the first start's demo history still
 *   settles in the background (minutes on PGlite), the harder case for the server. With
 *   `--settled` (`npm run bench:web -- --settled`) they run once the machine is quiet again (the
 *   history settled and counted: about 8 minutes), as on any later day of a console in use.
 *
 * Fails (exit code 1) when a figure is over its budget or goal.
 */
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page, request } from 'playwright-core';
import { median, startServer } from './server';

const KB = 1024;
const BUDGETS = {
  /** gzipped JS of the login route (it loads no antd). */
  loginGzip: 200 * KB,
  /** the login route's scripts as transferred (with compression, headers included). */
  loginWire: 200 * KB,
  /** gzipped JS of a list screen opened cold after login. */
  listGzip: 350 * KB,
};
/** Issue 11: the workbench shows its totals within this long of a cold load's navigation start. */
const WORKBENCH_TOTALS_GOAL_MS = 700;
const LOGIN_RUNS = 5;
const LIST_RUNS = 3;
const WORKBENCH_RUNS = 5;
/** A figure of the workbench's totals card (every terminal): today's orders. */
const TOTALS_FIGURE = '[data-testid="home-stats-all"] tr[data-measure="orders"] td[data-period="today"]';
const SETTLE_MS = 1000;
const PORT = Number(process.env.BENCH_PORT ?? 18090);
/** The demo operator (level 0) the server creates on its first start. */
const OPERATOR = { phone: '13800000000', password: 'Demo2026' };

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / KB / KB).toFixed(1)} MB`;

interface Transfer {
  url: string;
  type: string;
  encoding: string;
  /** Bytes Chromium received for the response, headers included (CDP encodedDataLength). */
  wire: number;
  /** Size of the decoded body. */
  raw: number;
  /** Size of the decoded body gzipped at level 9 (comparable whatever the server sent). */
  gzip: number;
}

interface Load {
  transfers: Transfer[];
  scripts: Transfer[];
  sum: (xs: Transfer[], key: 'wire' | 'raw' | 'gzip') => number;
}

/**
 * Records every response of a page through the Chrome DevTools Protocol: the bytes on the wire
 * (`Network.loadingFinished`) and the body (to measure its raw and gzipped size).
 */
async function recordTransfers(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, { url: string; type: string; encoding: string }>();
  const pending: Promise<Transfer | null>[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    seen.set(e.requestId, { url: e.response.url, type: e.type, encoding: headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const response = seen.get(e.requestId);
    if (!response) return;
    pending.push(
      cdp
        .send('Network.getResponseBody', { requestId: e.requestId })
        .then(({ body, base64Encoded }) => {
          const bytes = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          return {
            ...response,
            wire: e.encodedDataLength,
            raw: bytes.length,
            gzip: gzipSync(bytes, { level: 9 }).length,
          };
        })
        .catch(() => ({ ...response, wire: e.encodedDataLength, raw: 0, gzip: 0 })),
    );
  });
  return {
    cdp,
    async done(): Promise<Load> {
      const transfers = (await Promise.all(pending)).filter((t): t is Transfer => t !== null);
      return {
        transfers,
        scripts: transfers.filter((t) => t.type === 'Script'),
        sum: (xs, key) => xs.reduce((total, t) => total + t[key], 0),
      };
    },
  };
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in as the operator through the login form and returns the session (cookies). */
async function signIn(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: '手机号' }).fill(OPERATOR.phone);
  await page.getByLabel('密码', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.locator('.app-sider').waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

async function benchLogin(browser: Browser, origin: string) {
  const fcps: number[] = [];
  const loads: Load[] = [];
  for (let run = 1; run <= LOGIN_RUNS; run++) {
    const context = await browser.newContext(); // a new context: empty cache, no cookies
    const page = await context.newPage();
    const recorder = await recordTransfers(context, page);
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const load = await recorder.done();
    fcps.push(fcp);
    loads.push(load);
    const { scripts, transfers, sum } = load;
    console.log(
      `login run ${run}: FCP ${fcp.toFixed(0)} ms, ${scripts.length} scripts: ${kb(sum(scripts, 'raw'))} raw, ` +
        `${kb(sum(scripts, 'gzip'))} gzipped, ${kb(sum(scripts, 'wire'))} on the wire ` +
        `(${encodings(scripts)}); whole page ${kb(sum(transfers, 'wire'))} on the wire`,
    );
    await context.close();
  }
  const last = loads.at(-1);
  if (last) printFiles(last.scripts);
  return {
    files: Math.max(...loads.map((l) => l.scripts.length)),
    raw: Math.max(...loads.map((l) => l.sum(l.scripts, 'raw'))),
    gzip: Math.max(...loads.map((l) => l.sum(l.scripts, 'gzip'))),
    wire: Math.max(...loads.map((l) => l.sum(l.scripts, 'wire'))),
    pageWire: Math.max(...loads.map((l) => l.sum(l.transfers, 'wire'))),
    fcp: median(fcps),
  };
}

async function benchList(browser: Browser, origin: string) {
  const storageState = await signIn(browser, origin);
  const loads: Load[] = [];
  const heaps: number[] = [];
  const heapsAfterGc: number[] = [];
  for (let run = 1; run <= LIST_RUNS; run++) {
    // A new context with the session cookie only: empty cache, nothing in session storage.
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const recorder = await recordTransfers(context, page);
    await page.goto(`${origin}/agent-mgt`, { waitUntil: 'networkidle' });
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    if (!page.url().endsWith('/agent-mgt')) throw new Error(`expected /agent-mgt, landed on ${page.url()}`);
    await page.waitForTimeout(SETTLE_MS); // let rendering and idle work finish before the heap is read
    const { usedSize } = await recorder.cdp.send('Runtime.getHeapUsage');
    await recorder.cdp.send('HeapProfiler.collectGarbage');
    await recorder.cdp.send('HeapProfiler.collectGarbage');
    const { usedSize: afterGc } = await recorder.cdp.send('Runtime.getHeapUsage');
    const load = await recorder.done();
    loads.push(load);
    heaps.push(usedSize);
    heapsAfterGc.push(afterGc);
    const { scripts, transfers, sum } = load;
    console.log(
      `list run ${run}: ${scripts.length} scripts: ${kb(sum(scripts, 'raw'))} raw, ` +
        `${kb(sum(scripts, 'gzip'))} gzipped, ${kb(sum(scripts, 'wire'))} on the wire (${encodings(scripts)}); ` +
        `whole page ${kb(sum(transfers, 'wire'))} on the wire; JS heap ${mb(usedSize)} (${mb(afterGc)} after GC)`,
    );
    await context.close();
  }
  const last = loads.at(-1);
  if (last) printFiles(last.scripts);
  return {
    files: Math.max(...loads.map((l) => l.scripts.length)),
    raw: Math.max(...loads.map((l) => l.sum(l.scripts, 'raw'))),
    gzip: Math.max(...loads.map((l) => l.sum(l.scripts, 'gzip'))),
    wire: Math.max(...loads.map((l) => l.sum(l.scripts, 'wire'))),
    pageWire: Math.max(...loads.map((l) => l.sum(l.transfers, 'wire'))),
    heap: median(heaps),
    heapAfterGc: median(heapsAfterGc),
  };
}

/**
 * Records, in the page, when `selector` first matches (a MutationObserver from the document's
 * start), then the start of the next frame, the one that paints it: `window.__shownAt`, in ms since
 * the navigation's start (performance.now()).
 */
function recordShown(selector: string) {
  const target = window as unknown as { __shownAt?: number; __takenOverAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      target.__shownAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // The server's drawing of the first screen: when the console has taken it over (the root element
  // loses data-first-screen, docs/architecture.md "The first screen drawn by the server").
  let drawn = false;
  const takeOver = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root?.hasAttribute('data-first-screen')) drawn = true;
    else if (drawn && root) {
      takeOver.disconnect();
      target.__takenOverAt = performance.now();
    }
  });
  takeOver.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-first-screen'],
  });
}

/**
 * The workbench's totals are read from rollups a catch-up step brings up to date after the start:
 * waits for its first round (the update time set), so that the loads read counted figures.
 */
async function waitForCountedTotals(origin: string, storageState: StorageState): Promise<void> {
  const started = Date.now();
  const api = await request.newContext({ baseURL: origin, storageState });
  try {
    while (Date.now() - started < 600_000) {
      const reply = await api.post('/api/home/workbenchUpdateTime', { data: {} });
      const body = (await reply.json()) as { object?: { updateTime?: string | null } | null };
      if (body.object?.updateTime) {
        console.log(`totals counted up to ${body.object.updateTime} (waited ${Date.now() - started} ms)`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error('the workbench totals were not counted within 10 minutes');
  } finally {
    await api.dispose();
  }
}

/**
 * When the page asked for `path` and had its answer, in ms since the navigation's start (resource
 * timing); "not called" when the page brought its answer (the boot answers, docs/architecture.md).
 */
async function callTiming(page: Page, path: string): Promise<string> {
  const entry = await page.evaluate(
    (p) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => new URL(e.name).pathname === p)
        .map((e) => [e.startTime, e.responseEnd] as const)[0],
    path,
  );
  return entry ? `${entry[0].toFixed(0)}-${entry[1].toFixed(0)} ms` : 'not called';
}

/** The share of the machine's CPU time spent idle over `ms`. */
async function idleShare(ms: number): Promise<number> {
  const sum = () =>
    cpus().reduce(
      (acc, c) => {
        const t = c.times;
        return { idle: acc.idle + t.idle, all: acc.all + t.idle + t.user + t.nice + t.sys + t.irq };
      },
      { idle: 0, all: 0 },
    );
  const before = sum();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sum();
  return (after.idle - before.idle) / Math.max(1, after.all - before.all);
}

/** `--settled`: waits until the server's background work is done (the machine idle 90 % over 5 s, twice). */
async function waitForQuietMachine(): Promise<void> {
  const started = Date.now();
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() - started > 1_200_000)
      throw new Error('the machine did not become quiet within 20 minutes');
    quiet = (await idleShare(5_000)) >= 0.9 ? quiet + 1 : 0;
  }
  console.log(`the background work is done (waited ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

async function benchWorkbench(browser: Browser, origin: string) {
  const storageState = await signIn(browser, origin);
  await waitForCountedTotals(origin, storageState);
  if (process.argv.includes('--settled')) await waitForQuietMachine();
  const times: number[] = [];
  const paints: number[] = [];
  const takeOvers: number[] = [];
  const loads: Load[] = [];
  for (let run = 1; run <= WORKBENCH_RUNS; run++) {
    // A new context with the session cookie only: empty cache, nothing in session storage.
    const context = await browser.newContext({ storageState });
    await context.addInitScript(recordShown, TOTALS_FIGURE);
    const page = await context.newPage();
    const recorder = await recordTransfers(context, page);
    await page.goto(`${origin}/`);
    await page.locator(TOTALS_FIGURE).waitFor({ timeout: 30_000 });
    if (new URL(page.url()).pathname !== '/') throw new Error(`expected /, landed on ${page.url()}`);
    await page.waitForFunction(() => (window as unknown as { __shownAt?: number }).__shownAt !== undefined);
    const shownAt = await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt);
    await page.waitForLoadState('networkidle');
    const { fcp, takenOver } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      takenOver: (window as unknown as { __takenOverAt?: number }).__takenOverAt ?? Number.NaN,
    }));
    paints.push(fcp);
    takeOvers.push(takenOver);
    const load = await recorder.done();
    times.push(shownAt);
    loads.push(load);
    const { scripts, sum } = load;
    const figure = await page.locator(TOTALS_FIGURE).textContent();
    const document = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return nav ? `${nav.responseStart.toFixed(0)}-${nav.responseEnd.toFixed(0)} ms` : 'unknown';
    });
    console.log(
      `workbench run ${run}: totals shown at ${shownAt.toFixed(0)} ms (first contentful paint ${fcp.toFixed(0)} ms, ` +
        `${Number.isNaN(takenOver) ? 'drawn by the console' : `drawn by the server, taken over by the console at ${takenOver.toFixed(0)} ms`}; today's orders ${figure}; ` +
        `the page ${document} with its boot answers; isLogin ${await callTiming(page, '/api/userBase/isLogin')}, ` +
        `agent info ${await callTiming(page, '/api/agent/query')}, ` +
        `totals ${await callTiming(page, '/api/home/statisticsCount')}); by network idle ${scripts.length} scripts: ` +
        `${kb(sum(scripts, 'raw'))} raw, ${kb(sum(scripts, 'gzip'))} gzipped, ${kb(sum(scripts, 'wire'))} on the wire`,
    );
    await context.close();
  }
  const last = loads.at(-1);
  if (last) printFiles(last.scripts);
  return {
    totalsMs: median(times),
    fcpMs: median(paints),
    takenOverMs: median(takeOvers),
    maxMs: Math.max(...times),
    files: Math.max(...loads.map((l) => l.scripts.length)),
    gzip: Math.max(...loads.map((l) => l.sum(l.scripts, 'gzip'))),
    wire: Math.max(...loads.map((l) => l.sum(l.scripts, 'wire'))),
  };
}

/** "12 br, 1 identity": how the scripts came over. */
function encodings(scripts: Transfer[]): string {
  const counts = new Map<string, number>();
  for (const s of scripts)
    counts.set(s.encoding || 'identity', (counts.get(s.encoding || 'identity') ?? 0) + 1);
  return [...counts].map(([encoding, n]) => `${n} ${encoding}`).join(', ');
}

function printFiles(scripts: Transfer[]): void {
  const rows = [...scripts].sort((a, b) => b.raw - a.raw);
  for (const s of rows) {
    const name = new URL(s.url).pathname;
    console.log(
      `  ${kb(s.raw).padStart(9)} raw ${kb(s.gzip).padStart(9)} gz ${kb(s.wire).padStart(9)} wire  ${name}`,
    );
  }
}

function checkTime(label: string, ms: number, goal: number): boolean {
  const ok = ms <= goal;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label}: ${ms.toFixed(0)} ms (goal ${goal} ms)`);
  return ok;
}

function check(label: string, value: number, budget: number): boolean {
  const ok = value <= budget;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${label}: ${kb(value)} (budget ${kb(budget)})`);
  return ok;
}

async function main() {
  const server = await startServer(PORT);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
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
    const login = await benchLogin(browser, server.origin);
    console.log();
    const list = await benchList(browser, server.origin);
    console.log();
    const workbench = await benchWorkbench(browser, server.origin);
    console.log(`
/login       ${login.files} scripts, ${kb(login.raw)} raw, ${kb(login.gzip)} gzipped, ${kb(login.wire)} on the wire; page ${kb(login.pageWire)} on the wire; median FCP ${login.fcp.toFixed(0)} ms over ${LOGIN_RUNS} cold loads
/agent-mgt   ${list.files} scripts, ${kb(list.raw)} raw, ${kb(list.gzip)} gzipped, ${kb(list.wire)} on the wire; page ${kb(list.pageWire)} on the wire; JS heap ${mb(list.heap)} (${mb(list.heapAfterGc)} after GC), median of ${LIST_RUNS}
/            ${workbench.files} scripts by network idle, ${kb(workbench.gzip)} gzipped, ${kb(workbench.wire)} on the wire; totals shown at ${workbench.totalsMs.toFixed(0)} ms (median of ${WORKBENCH_RUNS} cold loads, slowest ${workbench.maxMs.toFixed(0)} ms; goal ${WORKBENCH_TOTALS_GOAL_MS} ms); first contentful paint ${workbench.fcpMs.toFixed(0)} ms, taken over by the console at ${workbench.takenOverMs.toFixed(0)} ms (medians)
`);
    const ok = [
      check('login route gzipped JS', login.gzip, BUDGETS.loginGzip),
      check('login route JS on the wire', login.wire, BUDGETS.loginWire),
      check('list screen gzipped JS', list.gzip, BUDGETS.listGzip),
      checkTime(
        'workbench totals shown after a cold load (median)',
        workbench.totalsMs,
        WORKBENCH_TOTALS_GOAL_MS,
      ),
    ].every(Boolean);
    if (!ok) {
      console.error('over budget');
      process.exitCode = 1;
    }
  } finally {
    await browser?.close();
    await server.stop();
  }
}

await main();
