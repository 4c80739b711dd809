import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin, type Rolldown } from 'vite';

// The API runs on its own port in development; the built console is served by the API itself.
const apiTarget = process.env.AGENT_CONSOLE_API ?? 'http://127.0.0.1:8080';

/**
 * antd's helper packages (@rc-component/*, cssinjs, colors) do not declare "sideEffects": false,
 * so the bundler would keep whole modules the login page never uses (antd's Form store, the
 * tooltip trigger...). They have no import-time side effects: let unused parts be dropped.
 */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/;

// ---------------------------------------------------------------------------------------------
// Chunks. Left alone, the bundler makes one chunk per set of lazy modules sharing code: after
// login a list screen loaded 54 files. The groups below (the bundler's `codeSplitting.groups`,
// taken in priority order) make a cold list screen load about ten and keep the login route light
// (no antd). Vendor chunks import no chunk of ours: they change with the dependencies and the
// set of antd components we use, not with our code, and stay cached across releases.
//
//   vendor-react       React, React DOM, React Router, TanStack Query, zod: every route
//   vendor-icons       the icon component and the icons antd itself draws
//   app-base           our modules the login route imports (from main.tsx and the login screen)
//   vendor-antd-base   antd's runtime with message (all the login page's toast loads)
//   vendor-antd        the rest of antd that two lazy chunks or more use (layout and screens)
//   app-shared         our modules and icons two lazy chunks or more use, outside the login route
//
// A group also takes, recursively, the dependencies of what it names: app-base claims the login
// route's own modules first, or app-shared would take the ones it shares (paths, api client,
// contract) and the login page would load app-shared and antd with them. antd parts and icons
// one screen alone uses (the agent list's date picker...) stay in that screen's chunk.

const node = (packages: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]`);
const REACT = node('react|react-dom|scheduler|react-router|@tanstack[\\\\/][^\\\\/]+|zod');
const ICONS = node('@ant-design[\\\\/]icons|@ant-design[\\\\/]icons-svg');
const ICON_GLYPH = /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;
const ANTD_MESSAGE = node('antd[\\\\/]es[\\\\/]message');
const ANTD = node('antd|@ant-design|@rc-component|rc-[^\\\\/]+|dayjs');
const APP = /[\\/](apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/]/;

const src = (path: string) => normalizePath(join(import.meta.dirname, 'src', path));
const LOGIN_ROUTE = [src('main.tsx'), src('app/routes/auth/login.tsx')];

/** Our modules the login route imports statically, once per build (the module graph is fixed). */
const loginModules = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
function loginRoute(ctx: Rolldown.ChunkingContext): Set<string> {
  let seen = loginModules.get(ctx);
  if (seen) return seen;
  seen = new Set<string>();
  const stack = [...LOGIN_ROUTE];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || !APP.test(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info)
      throw new Error(`vite.config.ts: ${id} is not in the module graph (moved? update LOGIN_ROUTE)`);
    seen.add(id);
    stack.push(...info.importedIds);
  }
  loginModules.set(ctx, seen);
  return seen;
}

const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'vendor-react', test: REACT, priority: 60 },
  {
    // Icons only we draw go with our code (app-base, app-shared or a screen).
    name: (id, ctx) =>
      ICONS.test(id) &&
      (!ICON_GLYPH.test(id) || ctx.getModuleInfo(id)?.importers.some((i) => ANTD.test(i) && !ICONS.test(i)))
        ? 'vendor-icons'
        : null,
    priority: 50,
  },
  {
    // The entry modules keep their own (small) chunks.
    name: (id, ctx) => (loginRoute(ctx).has(id) && !LOGIN_ROUTE.includes(id) ? 'app-base' : null),
    priority: 40,
  },
  { name: 'vendor-antd-base', test: ANTD_MESSAGE, priority: 30 },
  { name: 'vendor-antd', test: (id) => ANTD.test(id) && !ICONS.test(id), minShareCount: 2, priority: 20 },
  {
    // With the icons only we draw (those of the login route went with app-base).
    name: (id, ctx) => ((APP.test(id) || ICONS.test(id)) && !loginRoute(ctx).has(id) ? 'app-shared' : null),
    minShareCount: 2,
    priority: 10,
  },
];

// ---------------------------------------------------------------------------------------------

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of the build, public files and index.html included, when the copy is smaller.
 * The server sends the copy the browser accepts (apps/server/src/http/web.ts): no compression
 * work per request, and better ratios than on-the-fly compression could afford.
 */
function precompress(): Plugin {
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((e) => {
        const path = join(dir, e.name);
        if (e.isDirectory()) return e.name.startsWith('.') ? [] : files(path); // not .vite/manifest.json
        return COMPRESSIBLE.test(e.name) ? [path] : [];
      }),
    );
    return nested.flat();
  };
  const compress = async (path: string) => {
    const data = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzipAsync(data, { level: 9 }),
    ]);
    await Promise.all([
      br.length < data.length ? writeFile(`${path}.br`, br) : undefined,
      gz.length < data.length ? writeFile(`${path}.gz`, gz) : undefined,
    ]);
  };
  return {
    name: 'agent-console:precompress',
    apply: 'build',
    async writeBundle(output) {
      if (output.dir) await Promise.all((await files(output.dir)).map(compress));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !PURE_PACKAGES.test(id) || id.endsWith('.css'),
      },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
    chunkSizeWarningLimit: 800,
  },
});
