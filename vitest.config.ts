import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, bot against its fake connector, the Teams manifest) and
 * `server` (integration through app.inject on a real database). The test script runs `server`
 * a second time with TEST_DATABASE_URL set so the same suite covers PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default leaves a core to its own process (one worker on two cores), which sits
    // nearly idle: on a two-core machine two workers ran the PGlite pass in 947 s, where one
    // worker on the same machine was on course for about 1,700 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'locales/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'tabs/src/**/*.test.ts',
            'bot/src/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/teams/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share one module graph. Each file imports the whole server app
          // (some 1,200 modules); isolated, every file paid that import again, and on a quiet
          // two-core machine the PGlite pass spent more time importing than testing. Sharing is
          // safe here: every file builds its own app, database and fake servers, the server's
          // module-level state is constants and caches keyed by database (queries/prepared.ts),
          // and no file mocks a module or stubs the environment (the unit project, which does,
          // stays isolated).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
