/** Vitest configuration of the server suite (`npm test -w server`, or `npx vitest run --config server/vitest.config.ts`). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Relative to this folder whether run from the repository root or from server/.
  root: import.meta.dirname,
  test: {
    include: ['src/**/*.test.ts'],
    // Each file opens its own database; starting PGlite and migrating takes a moment.
    hookTimeout: 60_000,
    testTimeout: 30_000,
    pool: 'forks',
  },
});
