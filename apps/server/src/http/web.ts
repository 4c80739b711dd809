import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import {
  BOOT_ELEMENT_ID,
  BOOT_PAGE_CALLS,
  BOOT_PUBLIC_CALLS,
  BOOT_SESSION_CALLS,
  type BootAnswers,
  Codes,
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_MODULE,
  FIRST_SCREEN_PATHS,
  type FirstScreen,
  type FirstScreenLinks,
  type FirstScreenModule,
  isLogin,
} from '@agent-console/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const BUILD_FIRST_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>代理商后台 / Agent Console</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.6">
<h1>代理商后台 / Agent Console</h1>
<p>API 服务已启动，但还没有构建控制台页面。请在仓库根目录运行 <code>npm run build</code>，然后重启服务（或直接运行 <code>npm start</code>）。</p>
<p>The API server is running, but the console has not been built yet. Run <code>npm run build</code>
in the repository root, then restart the server (or simply run <code>npm start</code>).</p>
</body></html>
`;

const pathOf = (url: string) => url.split('?')[0] ?? url;

/** The console is never shown inside another site's frame (clickjacking). */
const NO_FRAMING = { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "frame-ancestors 'none'" };

/**
 * How long the page waits for its boot answers: past it, the page is sent with the answers that
 * came, and the console asks for the others itself. A busy server (a first start's catch-up) must
 * not hold the page back longer than the calls would take.
 */
export const BOOT_WAIT_MS = 400;

/** The encoding of a page made per request: brotli or gzip as the Accept-Encoding prefers (q-values), or none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  let best: { encoding: 'br' | 'gzip'; q: number } | undefined;
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token = '', ...params] = part.toLowerCase().split(';');
    const name = token.trim();
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    if (!best || q > best.q || (q === best.q && name === 'br')) best = { encoding: name, q };
  }
  return best?.encoding;
}

/** JSON that a `<script>` data block holds as it is: no `<` (no `</script>`, no `<!--`) in it. */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * The boot answers of a page (contract boot.ts): the calls asked through the app itself, with the
 * page request's cookie, so that each answer is exactly the call's (its checks, scope and shape).
 * The public calls first, then (`askSession`), signed in, the session's and the page's. A call
 * that fails, or is not answered within `deadline`, is left out. Its Set-Cookie headers (a dead
 * session cookie cleared) go with the page.
 */
async function bootAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  pathname: string,
  deadline: Promise<void>,
): Promise<{ answers: Record<string, unknown>; setCookies: string[]; askSession: () => Promise<void> }> {
  const answers: Record<string, unknown> = {};
  const setCookies: string[] = [];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'POST', url, headers, payload: '{}' });
    const cookie = res.headers['set-cookie'];
    if (cookie) setCookies.push(...(Array.isArray(cookie) ? cookie : [cookie]));
    const body = res.json<{ responseCode?: unknown; object?: unknown }>();
    if (body.responseCode === Codes.SUCCESS) answers[url] = body.object;
  };
  const calls = (endpoints: readonly { path: string }[]) =>
    Promise.race([Promise.allSettled(endpoints.map((e) => ask(e.path))).then(() => undefined), deadline]);
  // Without a session cookie the login state is known: no call.
  if (req.headers.cookie === undefined) {
    await calls(BOOT_PUBLIC_CALLS.filter((e) => e !== isLogin));
    answers[isLogin.path] = false;
  } else {
    await calls(BOOT_PUBLIC_CALLS);
  }
  const askSession = async () => {
    if (answers[isLogin.path] === true)
      await calls([...BOOT_SESSION_CALLS, ...(BOOT_PAGE_CALLS[pathname] ?? [])]);
  };
  return { answers, setCookies, askSession };
}

/** A module script of the page, or a module's preload link (as vite writes them in its head). */
const SCRIPT_TAG = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The console's root element in its index.html: the server's drawing of the first screen goes in it. */
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The console's server build (`FirstScreenModule` in `ssrDist`, contract boot.ts), imported once:
 * a build made while the server runs is taken at its next start (a module cannot be imported again
 * under its own URL, and another URL would load a second copy of React beside the first).
 * Undefined without that build, or when it does not load (logged).
 */
function firstScreenRenderer(ssrDist: string | undefined, log: FastifyBaseLogger) {
  let loaded: Promise<FirstScreenModule | undefined> | undefined;
  return (): Promise<FirstScreenModule | undefined> => {
    if (ssrDist === undefined) return Promise.resolve(undefined);
    const file = join(ssrDist, FIRST_SCREEN_MODULE);
    loaded ??= stat(file).then(
      () =>
        import(pathToFileURL(file).href).then(
          (module: { default?: FirstScreenModule }) => module.default,
          (error: unknown) => {
            log.error(
              { err: error, file },
              'the console server build does not load: pages go without a first screen',
            );
            return undefined;
          },
        ),
      () => undefined,
    );
    return loaded;
  };
}

type FirstScreenRenderer = ReturnType<typeof firstScreenRenderer>;

/** The console build's manifest (`.vite/manifest.json`), read per page as its index.html is. */
const readManifest = async (webDist: string): Promise<unknown> =>
  JSON.parse(await readFile(join(webDist, '.vite', 'manifest.json'), 'utf8'));

/** A page whose first screen may be drawn: the server build, the console build's manifest, the screen's links. */
interface ScreenOfPage {
  build: FirstScreenModule;
  manifest: unknown;
  links: FirstScreenLinks;
}

/**
 * What drawing the first screen of a page needs, known before its boot answers: for a visitor with
 * a cookie on a page of FIRST_SCREEN_PATHS, when the server build is there. Null otherwise, or
 * when it cannot be known (logged).
 */
async function screenOfPage(
  req: FastifyRequest,
  renderer: FirstScreenRenderer,
  webDist: string,
  pathname: string,
): Promise<ScreenOfPage | null> {
  if (req.headers.cookie === undefined || !FIRST_SCREEN_PATHS.includes(pathname)) return null;
  try {
    const build = await renderer();
    if (!build) return null;
    const manifest = await readManifest(webDist);
    const links = build.firstScreenLinks(pathname, manifest);
    return links ? { build, manifest, links } : null;
  } catch (error) {
    req.log.warn({ err: error }, "the first screen's links were left out");
    return null;
  }
}

/**
 * The first screen of a signed-in agent's page, drawn by the console's server build with the
 * page's boot answers; null when the visitor is not signed in, or when it fails (logged: the page
 * then goes as before, the console drawing itself).
 */
async function drawFirstScreen(
  req: FastifyRequest,
  screen: ScreenOfPage,
  pathname: string,
  answers: BootAnswers,
): Promise<FirstScreen | null> {
  if (answers[isLogin.path] !== true) return null;
  try {
    return await screen.build.renderFirstScreen({
      path: pathname,
      answers,
      cookie: req.headers.cookie ?? '',
      manifest: screen.manifest,
    });
  } catch (error) {
    req.log.warn({ err: error }, 'the first screen was not drawn');
    return null;
  }
}

/**
 * Loads the server build as the server starts and draws with it once (its warm-up), so that the
 * first page it draws is not slowed by cold code (logged; a failure only leaves it cold).
 */
async function warmUpFirstScreen(renderer: FirstScreenRenderer, webDist: string, log: FastifyBaseLogger) {
  const build = await renderer();
  if (!build) return;
  const t0 = performance.now();
  try {
    const drawn = await build.warmUp(await readManifest(webDist));
    log.debug({ drawn, ms: Math.round(performance.now() - t0) }, 'the first screen render is warm');
  } catch (error) {
    log.warn({ err: error }, 'the first screen render did not warm up');
  }
}

/**
 * Sends the console's page (index.html) for `pathname` with its boot answers, as a stream: the
 * head at once, so that the browser fetches what it names while the answers are asked for; then,
 * for a signed-in agent on a page of FIRST_SCREEN_PATHS, the first screen drawn with them in the
 * root element (its styles before it), the answers' data block and the end of the document (the
 * scripts are modules: they run once the document is complete, with the answers there). Never
 * cached: the answers are the signed-in agent's.
 */
async function sendPage(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  page: { template: string; webDist: string; renderer: FirstScreenRenderer },
  waitMs: number,
): Promise<FastifyReply> {
  const { template } = page;
  const pathname = pathOf(req.url);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  const end = template.lastIndexOf('</body>');
  const [upToBody, tail] = end < 0 ? [template, ''] : [template.slice(0, end), template.slice(end)];
  const root = upToBody.indexOf(ROOT_ELEMENT);
  // Without its root element where the build puts it, the page goes as the template has it.
  const [templateHead, rest] =
    root < 0 ? [upToBody, ''] : [upToBody.slice(0, root), upToBody.slice(root + ROOT_ELEMENT.length)];
  const screen = root < 0 ? null : await screenOfPage(req, page.renderer, page.webDist, pathname);
  // A page whose first screen may be drawn: its head gets the screen's stylesheets at once, and
  // every script (the template's and the screen's) goes after the drawing. Fetched and compiled
  // while the server asks the answers and draws, they would take the machine from both (the
  // drawing is painted, and its scripts fetched, as soon as the page is complete).
  let [head, scripts] = [templateHead, ''];
  if (screen) {
    const withoutScripts = templateHead.replace(SCRIPT_TAG, '');
    const headEnd = withoutScripts.lastIndexOf('</head>');
    head =
      headEnd < 0
        ? withoutScripts
        : `${withoutScripts.slice(0, headEnd)}${screen.links.stylesheets}${withoutScripts.slice(headEnd)}`;
    scripts = `${[...templateHead.matchAll(SCRIPT_TAG)].map((m) => m[0].trim()).join('')}${screen.links.scripts}`;
  }
  const { answers, setCookies, askSession } = await bootAnswers(app, req, pathname, deadline);
  const encoding = pageEncoding(req.headers['accept-encoding']);
  const sink: Transform =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip({ level: 6 })
        : new PassThrough();
  if (setCookies.length > 0) reply.header('Set-Cookie', setCookies);
  if (encoding) reply.header('Content-Encoding', encoding);
  reply
    .code(200)
    .headers(NO_FRAMING)
    .header('Cache-Control', 'no-store')
    .header('Vary', 'Accept-Encoding, Cookie')
    .type('text/html; charset=utf-8');
  void reply.send(sink);
  // The head leaves before the session's calls start: with PGlite they hold this thread, and the
  // compression's output waits for it.
  await new Promise<void>((resolve) => {
    sink.once('close', resolve); // the browser went away
    sink.write(head);
    if (sink instanceof PassThrough) resolve();
    else (sink as Transform & { flush(cb: () => void): void }).flush(() => resolve());
  });
  await new Promise((resolve) => setImmediate(resolve));
  if (!sink.destroyed) await askSession();
  clearTimeout(timer);
  // A snapshot: answers still running past the deadline are left out.
  const taken = { ...answers } satisfies BootAnswers;
  const first = screen && !sink.destroyed ? await drawFirstScreen(req, screen, pathname, taken) : null;
  const rootElement = first
    ? `${first.styles}<div id="root" ${FIRST_SCREEN_ATTRIBUTE} class="${escapeAttribute(first.rootClass)}">${first.html}</div>`
    : ROOT_ELEMENT;
  const body = root < 0 ? '' : `${rootElement}${rest}`;
  const data = jsonForHtml(taken);
  if (!sink.destroyed)
    sink.end(
      `${body}<script type="application/json" id="${BOOT_ELEMENT_ID}">${data}</script>${scripts}${tail}`,
    );
  return reply;
}

/**
 * Serves the built console from `webDist` at `/`: hashed assets cached for a year, and every
 * other GET outside /api (the SPA routes, `/` and `/index.html` included) answered with the
 * console's page, made per request with its boot answers (`sendPage`) and never cached.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file; the
 * copy the request's Accept-Encoding prefers is sent (with `Vary: Accept-Encoding`), the file
 * itself when it accepts neither. Without a build, GET answers a page that says to build.
 * Unknown API paths get '1004'.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  { bootWaitMs = BOOT_WAIT_MS, ssrDist }: { bootWaitMs?: number; ssrDist?: string } = {},
): Promise<void> {
  const index = join(webDist, 'index.html');
  const built = existsSync(index);
  const renderer = firstScreenRenderer(ssrDist, app.log);
  // Loaded (a few MB of code) and warmed up while the server starts, not at the first page.
  if (built) app.addHook('onReady', async () => void warmUpFirstScreen(renderer, webDist, app.log));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // index.html is the page made per request (sendPage), at every path of the console.
      allowedPath: (path) => path !== '/' && path !== '/index.html',
      preCompressed: true,
      cacheControl: false,
      // filePath is the file sent: `assets/x.js.br` when the brotli copy of `assets/x.js` is.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(join(webDist, 'assets', sep));
        reply.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
        if (!hashed) reply.headers(NO_FRAMING);
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = pathOf(req.url);
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (path === '/api' || path.startsWith('/api/') || !isRead) {
      return reply.code(404).send(fail(Codes.NOT_FOUND));
    }
    if (!built)
      return reply.code(200).headers(NO_FRAMING).type('text/html; charset=utf-8').send(BUILD_FIRST_PAGE);
    if (path.startsWith('/assets/'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    // Read per request: a build while the server runs changes the scripts it names.
    return sendPage(
      app,
      req,
      reply,
      { template: await readFile(index, 'utf8'), webDist, renderer },
      bootWaitMs,
    );
  });
}
