import { defineConfig } from 'vitest/config';

// One run for every unit and API suite; browser journeys run under Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    // Two cores: more workers only fight over them (PGlite instances are CPU- and memory-heavy).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // The property tests generate thousands of cases: seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
