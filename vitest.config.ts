import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    // Two workers (two cores). Vitest reads the number of workers from the root config only: set
    // inside a project, as before, it was ignored and every file ran in one worker.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'node',
          include: ['packages/**/*.test.ts', 'apps/server/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: [
            '**/node_modules/**',
            'e2e/**',
            // The PostgreSQL pass (`npm run test:db`) repeats the server tests on a real database; the
            // dependency-direction, one-clock and repository-reference tests read source files and no
            // database, so they run once, in `test:unit`.
            ...(process.env.TEST_DATABASE_URL
              ? ['apps/server/test/boundaries.test.ts', 'apps/server/test/one-clock.test.ts', 'apps/server/test/repo-references.test.ts']
              : []),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each test file gets its own empty, migrated database (apps/server/test/database.ts). A worker
          // runs many files (isolate: false) so it boots PGlite and loads the server's modules once, not
          // once per file: most of the suite's time used to be spent there.
          globalSetup: ['apps/server/test/global-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { isolate: false } },
        },
      },
      {
        // The web's screens rendered with their real components in a DOM (happy-dom), the server
        // answered at the fetch boundary (apps/web/test/http.ts). No database, so no global setup.
        resolve: { alias: { '@': webSrc } },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 30_000,
          pool: 'threads',
          poolOptions: { threads: { maxThreads: 1, minThreads: 1 } },
        },
      },
    ],
  },
});
