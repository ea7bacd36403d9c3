import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The whole API on a fresh database, driven with `app.inject`. */
export async function createTestApp(
  kind: DatabaseKind = 'pglite',
  overrides: Parameters<typeof testConfig>[0] = {},
  options: { webDistDir?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(overrides);
  const app = await buildApp({ config, database: database.handle, webDistDir: options.webDistDir });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}
