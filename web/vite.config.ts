import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

/** Standalone browser build of the Chorus web app, served by the server at the site root. */
export default defineConfig({
  base: '/',
  plugins: [react()],
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
