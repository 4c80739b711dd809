import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Codes } from '@agent-console/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
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
 * Serves the built console from `webDist` at `/`: hashed assets cached for a year, index.html
 * never cached, and every other GET outside /api answered with index.html (the SPA routes).
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file; the
 * copy the request's Accept-Encoding prefers is sent (with `Vary: Accept-Encoding`), the file
 * itself when it accepts neither. Without a build, GET answers a page that says to build.
 * Unknown API paths get '1004'.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
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
    return reply.header('Cache-Control', 'no-cache').headers(NO_FRAMING).sendFile('index.html');
  });
}
