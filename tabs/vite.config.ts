import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, ZOD_WITHOUT_JSON_SCHEMA } from '../web/vite.config.ts';

/** The tab build: served by the Chorus server under `/tab/`. */
export default defineConfig({
  base: '/tab/',
  plugins: [react(), precompress()],
  resolve: { alias: ZOD_WITHOUT_JSON_SCHEMA },
  build: { outDir: 'dist', emptyOutDir: true },
});
