import { defineConfig } from 'vitest/config';

// One run for every unit and API suite; browser journeys run under Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are memory-heavy; a few files at a time is plenty on two cores.
          maxWorkers: 2,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
