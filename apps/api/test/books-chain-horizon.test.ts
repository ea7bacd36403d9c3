import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHorizon, linkChain } from '../src/ledger/index';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, type TestDatabase } from './database';

/** A connection holding a transaction open with an id assigned, as a long report or bulk load would. */
async function holdTransaction(url: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('select pg_current_xact_id()');
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

function otherDatabase(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

/**
 * The chain job's horizon (docs/decisions/0028): it waits for the transactions older than it in
 * this database, and not for one running in another database on the same server.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the hash chain horizon on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.destroy());

  it('links past a transaction held open in another database', async () => {
    const db = database.handle.db;
    const elsewhere = await holdTransaction(otherDatabase(database.url!));
    try {
      await rechargeMember(db, [100]);
      const horizon = await chainHorizon(db);
      expect(await linkChain(db, horizon)).toEqual({ ready: true, linked: 1 });
    } finally {
      await elsewhere.release();
    }
  });

  it('waits for an older transaction in this database, then links once it ends', async () => {
    const db = database.handle.db;
    const here = await holdTransaction(database.url!);
    let released = false;
    try {
      await rechargeMember(db, [200]);
      const horizon = await chainHorizon(db);
      expect(await linkChain(db, horizon)).toEqual({ ready: false, linked: 0 });
      await here.release();
      released = true;
      expect(await linkChain(db, horizon)).toEqual({ ready: true, linked: 1 });
    } finally {
      if (!released) await here.release();
    }
  });
});
