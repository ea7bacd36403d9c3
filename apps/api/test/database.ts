import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds to run database suites on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL database's URL (a second instance opens its own pool on it); none for PGlite. */
  url?: string;
  /** Drops the per-suite PostgreSQL database (PGlite just closes). */
  destroy(): Promise<void>;
}

let template: Blob | undefined;
/** The migrated data directory made once by test/global-setup.ts. */
function pgliteTemplate(): Blob | undefined {
  const path = inject('pgliteTemplate');
  if (!path) return undefined;
  template ??= new Blob([readFileSync(path)]);
  return template;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * A fresh, migrated database: PGlite in memory, or a new database on the TEST_DATABASE_URL
 * server so suites never see each other's rows.
 */
export async function createTestDatabase(kind: DatabaseKind, options: { poolSize?: number } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ loadDataDir: pgliteTemplate(), testClock: true });
    // The template is migrated; this only applies migrations added since (none, normally).
    await migrate(handle);
    return { handle, destroy: () => handle.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `orchard_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabaseName(baseUrl, name);
  const handle = await openDatabase({ url, poolSize: options.poolSize ?? 20, testClock: true });
  await migrate(handle);
  return {
    handle,
    url,
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
