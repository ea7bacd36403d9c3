// A fresh, migrated PostgreSQL database for a bench run through tsx (books-incremental.ts,
// disclosure.ts): created beside BENCH_DATABASE_URL (else TEST_DATABASE_URL, else the local
// `test` database) and dropped afterwards, whatever happened.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client';
import { migrate } from '../../apps/api/src/db/migrate';

const BASE = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function withBenchDatabase<T>(
  prefix: string,
  poolSize: number,
  run: (handle: DatabaseHandle, client: pg.Client) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await migrate(handle);
    await client.connect();
    return await run(handle, client);
  } finally {
    await client.end().catch(() => undefined);
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
