import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('survives its idle connections being terminated and reconnects', async () => {
    const database = await createTestDatabase('postgres', { poolSize: 2 });
    try {
      await database.handle.ping();
      // Terminate every other session on the test database, as a restart or failover would.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const [name] = (
        await database.handle.withSession((session) => session.query<{ name: string }>('select current_database() as name'))
      ).map((row) => row.name);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // No crash, and the next query gets a fresh connection.
      await expect(database.handle.ping()).resolves.toBeUndefined();
    } finally {
      await database.destroy();
    }
  });
});
