import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API runs on its own port in development; the built console is served by the API itself.
const apiTarget = process.env.AGENT_CONSOLE_API ?? 'http://127.0.0.1:8080';

/**
 * antd's helper packages (@rc-component/*, cssinjs, colors) do not declare "sideEffects": false,
 * so the bundler would keep whole modules the login page never uses (antd's Form store, the
 * tooltip trigger...). They have no import-time side effects: let unused parts be dropped.
 */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/;

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
    },
    chunkSizeWarningLimit: 800,
  },
});
