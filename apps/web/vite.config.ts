import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, normalizePath, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { antdOnDemand } from './build/antd-on-demand.ts';

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
// taken in priority order) keep the login route light (no antd) and give a list screen, cold, only
// the antd parts it draws, in a few files. Vendor chunks import no chunk of ours: they change with
// the dependencies and the set of antd components we use, not with our code, and stay cached
// across releases.
//
//   vendor-react       React, React DOM, React Router, TanStack Query, zod: every route
//   vendor-icons       the icon component (icons go with the code that draws them)
//   app-base           our modules the entry (main.tsx: router, guard, api client, contract)
//                      imports, those the login screen shares with the console, and the icons it
//                      draws (antd draws some of them too)
//   vendor-antd-base   antd's runtime: what the antd provider imports (ConfigProvider, theme, locale)
//   vendor-antd-shell  the antd parts the antd shell and the layout import: every screen after login
//   vendor-antd-list   the antd parts the list page imports (table, form, inputs): every list screen
//   app-shell          our modules the layout imports (not the login screen's): every screen after login
//   app-list           our modules the list page imports (not the login screen's): every list screen
//   vendor-antd~…      the rest of antd that two lazy chunks or more use, one chunk per set of
//                      chunks using the same parts (`entriesAware`): a screen loads what it uses
//   app-shared~…       our modules and icons two lazy chunks or more use, outside the login route,
//                      cut the same way
//
// A group also takes, recursively, the dependencies of what it names. What the login screen alone
// uses (its form) stays in its chunk, out of the console's screens. antd parts and icons one
// screen alone uses (the agent list's popconfirm...) stay in that screen's chunk; parts only a
// lazy piece uses (a dialog, a picker loaded on demand) load with it.

const node = (packages: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages})[\\\\/]`);
const REACT = node('react|react-dom|scheduler|react-router|@tanstack[\\\\/][^\\\\/]+|zod');
const ICONS = node('@ant-design[\\\\/]icons|@ant-design[\\\\/]icons-svg');
const ICON_GLYPH = /[\\/]@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;
const ANTD = node('antd|@ant-design|@rc-component|rc-[^\\\\/]+|dayjs');
const APP = /[\\/](apps[\\/]web[\\/]src|packages[\\/]contract[\\/]src)[\\/]/;
/** antd and its helpers, without the icons (those antd draws go with the antd parts drawing them). */
const antdPart = (id: string) => ANTD.test(id) && !ICONS.test(id);

const src = (path: string) => normalizePath(join(import.meta.dirname, 'src', path));
const ENTRY = src('main.tsx');
const LOGIN = [src('app/routes/auth/login.tsx')];
/** antd's runtime: every screen after login, and the login page's toasts. */
const RUNTIME = [src('components/antd-provider.tsx')];
/** What every screen after login loads: the antd shell and the layout. */
const SHELL = [src('app/shell/antd-shell.tsx'), src('app/layout/app-layout.tsx')];
/** What every list screen loads besides. */
const LIST = [src('components/list-page.tsx')];

/** Index modules that re-export a whole library: walking one would reach every component or icon. */
const BARRELS: Readonly<Record<string, RegExp>> = {
  antd: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  '@ant-design/icons': /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
};
/** A package's own index (`@rc-component/tree/es/index.js`...): it re-exports the whole package. */
const PACKAGE_INDEX =
  /[\\/]node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+[\\/](es[\\/]|lib[\\/]|dist[\\/])?index\.m?js$/;
const isBarrel = (id: string) => PACKAGE_INDEX.test(id);

/** The module an index re-exports `name` from (`export { default as Table } from './table'`, or through `export *`). */
function reexportOf(ctx: Rolldown.ChunkingContext, index: string, name: string): string | undefined {
  const info = ctx.getModuleInfo(index);
  const code = info?.code;
  if (!info || !code) return undefined;
  const resolve = (rel: string) =>
    info.importedIds.find((i) => {
      const path = normalizePath(i);
      return path.endsWith(`/${rel}/index.js`) || path.endsWith(`/${rel}.js`);
    });
  const named = new RegExp(`export \\{ default as ${name} \\} from ["']\\./([\\w-]+)["']`).exec(code)?.[1];
  if (named) return resolve(named);
  for (const star of code.matchAll(/export \* from ["']\.\/([\w-]+)["']/g)) {
    const inner = star[1] === undefined ? undefined : resolve(star[1]);
    const found = inner && reexportOf(ctx, inner, name);
    if (found) return found;
  }
  return undefined;
}

/** The modules a module of ours reaches through the names it imports from a library's index. */
function namedImports(ctx: Rolldown.ChunkingContext, info: Rolldown.ModuleInfo): string[] {
  return Object.entries(BARRELS).flatMap(([pkg, re]) => {
    const index = info.importedIds.find((id) => re.test(id));
    if (index === undefined || !info.code) return [];
    const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, 'g');
    return [...info.code.matchAll(from)]
      .flatMap((m) => (m[1] ?? '').split(','))
      .map((n) => n.trim().split(/\s+as\s+/)[0] ?? '')
      .flatMap((name) => {
        const id = name === '' ? undefined : reexportOf(ctx, index, name);
        return id ? [id] : [];
      });
  });
}

/**
 * The modules `roots` import statically, directly or not, going only through modules `through`
 * accepts; once per build and set of roots (the module graph is fixed). A package's index is not
 * walked (it would reach the whole package): from our modules, antd's and the icons' indexes lead
 * to the parts we name; what antd imports through another package's index is left out here (it
 * goes to the chunks cut by use). Leaving a module out only moves it to another chunk.
 */
const reached = new WeakMap<Rolldown.ChunkingContext, Map<readonly string[], Set<string>>>();
function reachable(
  ctx: Rolldown.ChunkingContext,
  roots: readonly string[],
  through: (id: string) => boolean = () => true,
): Set<string> {
  const perRoots = reached.get(ctx) ?? new Map<readonly string[], Set<string>>();
  reached.set(ctx, perRoots);
  let seen = perRoots.get(roots);
  if (seen) return seen;
  seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id) || isBarrel(id) || !through(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) throw new Error(`vite.config.ts: ${id} is not in the module graph (moved? update the roots)`);
    seen.add(id);
    stack.push(...info.importedIds);
    if (APP.test(id)) stack.push(...namedImports(ctx, info));
  }
  perRoots.set(roots, seen);
  return seen;
}

/** Our modules (and the icons) the entry and the login screen import statically. */
const ENTRY_ROOTS = [ENTRY];
const entryModules = (ctx: Rolldown.ChunkingContext) => reachable(ctx, ENTRY_ROOTS, (id) => APP.test(id));
const loginModules = (ctx: Rolldown.ChunkingContext) =>
  reachable(ctx, LOGIN, (id) => APP.test(id) || ICONS.test(id));

/** The login screen's own modules, which nothing else imports (its form): they stay in its chunk. */
const loginOwn = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
function loginOnly(ctx: Rolldown.ChunkingContext): Set<string> {
  let own = loginOwn.get(ctx);
  if (own) return own;
  own = new Set([...loginModules(ctx)].filter((id) => APP.test(id) && !entryModules(ctx).has(id)));
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of own) {
      const info = ctx.getModuleInfo(id);
      const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
      if (!LOGIN.includes(id) && importers.some((i) => !own.has(i))) {
        own.delete(id);
        changed = true;
      }
    }
  }
  loginOwn.set(ctx, own);
  return own;
}

/** app-base: what the entry and the login screen import, but the login screen's own modules. */
const base = (ctx: Rolldown.ChunkingContext, id: string) =>
  id !== ENTRY &&
  (entryModules(ctx).has(id) ||
    ((APP.test(id) || ICON_GLYPH.test(id)) && loginModules(ctx).has(id) && !loginOnly(ctx).has(id)));

const CHUNK_GROUPS: Rolldown.CodeSplittingGroup[] = [
  { name: 'vendor-react', test: REACT, priority: 60 },
  { name: 'vendor-icons', test: (id) => ICONS.test(id) && !ICON_GLYPH.test(id), priority: 50 },
  { name: (id, ctx) => (base(ctx, id) ? 'app-base' : null), debugName: 'app-base', priority: 40 },
  {
    name: (id, ctx) => (antdPart(id) && reachable(ctx, RUNTIME).has(id) ? 'vendor-antd-base' : null),
    debugName: 'vendor-antd-base',
    priority: 30,
  },
  {
    name: (id, ctx) => (antdPart(id) && reachable(ctx, SHELL).has(id) ? 'vendor-antd-shell' : null),
    debugName: 'vendor-antd-shell',
    priority: 26,
  },
  {
    name: (id, ctx) => (antdPart(id) && reachable(ctx, LIST).has(id) ? 'vendor-antd-list' : null),
    debugName: 'vendor-antd-list',
    priority: 24,
  },
  { name: 'vendor-antd', test: antdPart, minShareCount: 2, entriesAware: true, priority: 20 },
  {
    name: (id, ctx) =>
      APP.test(id) && !SHELL.includes(id) && !loginModules(ctx).has(id)
        ? reachable(ctx, SHELL).has(id)
          ? 'app-shell'
          : reachable(ctx, LIST).has(id)
            ? 'app-list'
            : null
        : null,
    debugName: 'app-shell, app-list',
    priority: 15,
  },
  {
    // With the icons only we draw.
    name: (id, ctx) => ((APP.test(id) || ICONS.test(id)) && !loginModules(ctx).has(id) ? 'app-shared' : null),
    debugName: 'app-shared',
    minShareCount: 2,
    entriesAware: true,
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

/**
 * `vite build --ssr` (the `build` script's second step): the console's first screen rendered by
 * the server (src/first-screen.tsx, contract boot.ts), one Node module in dist-ssr with every
 * dependency bundled in (antd's ES modules do not load in Node as they are published). Its
 * stylesheets are the console's (the page links them), so it writes none.
 */
const ssrBuild: UserConfig = {
  plugins: [antdOnDemand(), react()],
  ssr: { noExternal: true, target: 'node' },
  // React's and antd's production code, as in the browser (the same class names as its styles).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    // contract boot.ts FIRST_SCREEN_MODULE (this file loads before TypeScript workspaces resolve).
    rolldownOptions: { output: { entryFileNames: 'first-screen.js' } },
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        plugins: [antdOnDemand(), react(), precompress()],
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
      },
);
