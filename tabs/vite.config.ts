import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The tab build: served by the Chorus server under `/tab/`. */
export default defineConfig({
  base: '/tab/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
