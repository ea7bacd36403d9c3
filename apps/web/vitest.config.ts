import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // A busy two-core machine renders the console's sheets in seconds, not milliseconds.
    testTimeout: 15_000,
  },
  resolve: { alias: { '@': resolve(import.meta.dirname, 'src') } },
  define: { __BUILD_ID__: JSON.stringify('test-build') },
});
