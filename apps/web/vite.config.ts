import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on its own port in development; the built console is served by the API itself.
const apiTarget = process.env.AGENT_CONSOLE_API ?? 'http://127.0.0.1:8080';

/**
 * antd's helper packages (@rc-component/*, cssinjs, colors) do not declare "sideEffects": false,
 * so the bundler would keep whole modules the login page never uses (antd's Form store, the
 * tooltip trigger...). They have no import-time side effects: let unused parts be dropped.
 */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/;

export default defineConfig({
  plugins: [react()],
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
