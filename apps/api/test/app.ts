import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The whole API on a fresh database, driven with `app.inject`. */
export async function createTestApp(
  kind: DatabaseKind = 'pglite',
  overrides: Parameters<typeof testConfig>[0] = {},
  options: { webDistDir?: string; clock?: ManualClock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(overrides);
  // Starts at the real time so rows written with the database's now() stay comparable.
  const clock = options.clock ?? new ManualClock(new Date());
  const app = await buildApp({ config, database: database.handle, webDistDir: options.webDistDir, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
