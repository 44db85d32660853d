import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserBuildBase, precompress } from '../web/vite.config.ts';

/** The tab build: served by the Chorus server under `/tab/`, with the web build's settings. */
export default defineConfig((env) => ({
  ...browserBuildBase(env),
  base: '/tab/',
  plugins: [react(), precompress()],
}));
