import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The app parses with zod but never generates JSON Schema, yet zod's classic schemas import
 * the generator for their `toJSONSchema` method: about 5 KB gzip of the feed's first render.
 * These aliases swap it for stubs that throw if ever called. The Teams tab build uses them too.
 */
export const ZOD_WITHOUT_JSON_SCHEMA = [
  { find: /^\.\.\/core\/to-json-schema\.js$/, replacement: fileURLToPath(new URL('src/lib/zod-json-schema-stub.ts', import.meta.url)) },
  { find: /^\.\.\/core\/json-schema-processors\.js$/, replacement: fileURLToPath(new URL('src/lib/zod-json-schema-processors-stub.ts', import.meta.url)) },
];

const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

/** Standalone browser build of the Chorus web app, served by the server at the site root. */
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { alias: ZOD_WITHOUT_JSON_SCHEMA },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser Chorus supports preloads modules natively; the polyfill would only add weight.
    modulePreload: { polyfill: false },
  },
  server: {
    // The dev server forwards API calls and SSO navigations to a local Chorus server; the Host
    // header is kept so the server still picks the company from the subdomain.
    proxy: {
      '/api': { target: DEV_API_ORIGIN, changeOrigin: false },
      '/auth': { target: DEV_API_ORIGIN, changeOrigin: false },
    },
  },
});
