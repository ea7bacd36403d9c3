import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { CLIENT_HEADER } from '../src/plugins/cross-site';
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
  /**
   * clientHeader (default true): every `app.inject` carries `X-Requested-With` as the web client's
   * requests do, so body-less state changes pass the cross-site rule (plugins/cross-site.ts) the
   * way the browser app's do. Suites about that rule pass false and set headers themselves.
   */
  options: { webDistDir?: string; clock?: ManualClock; clientHeader?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(overrides);
  // Starts at the real time so rows written with the database's now() stay comparable.
  const clock = options.clock ?? new ManualClock(new Date());
  const app = await buildApp({ config, database: database.handle, webDistDir: options.webDistDir, clock });
  await app.ready();
  if (options.clientHeader !== false) addClientHeader(app);
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

/** Wraps `app.inject(options)` so each request has `X-Requested-With: fetch` unless it sets one. */
export function addClientHeader(app: FastifyInstance) {
  const inject = app.inject.bind(app);
  const withHeader = (options: InjectOptions | string) => {
    const given = typeof options === 'string' ? { url: options } : options;
    return { ...given, headers: { [CLIENT_HEADER]: 'fetch', ...given.headers } };
  };
  // Only the one-call form is used by the suites; the chained form (no arguments) is left as is.
  app.inject = ((options?: InjectOptions | string, callback?: never) =>
    options === undefined ? inject() : callback ? inject(withHeader(options), callback) : inject(withHeader(options))) as typeof app.inject;
}
