import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/demo/seed';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * Instances that start together on one fresh database (the scale-out shape): each migrates and
 * writes the first-start content, taking turns, and none fails. Found by the load bench, where the
 * second instance's operator insert hit the unique email and the instance exited.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('instances starting together on PostgreSQL', () => {
  let first: TestDatabase | undefined;
  const others: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const handle of others) await handle.close();
    await first?.destroy();
  });

  it('migrate and seed the same fresh database at once: one operator, no error', async () => {
    first = await createTestDatabase('postgres');
    const names = (await first.handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const base = new URL(process.env.TEST_DATABASE_URL!);
    base.pathname = `/${names.rows[0]!.name}`;
    const handles = await Promise.all([0, 1, 2].map(() => openDatabase({ url: base.toString(), poolSize: 4 })));
    others.push(...handles);
    const config = testConfig({ OPERATOR_EMAIL: 'race@orchard.local', OPERATOR_PASSWORD: 'race-operator-1', SEED_DEMO: 'false' });
    const quiet = { info: () => {}, warn: () => {} } as unknown as Parameters<typeof seed>[2];
    await Promise.all(
      handles.map(async (handle) => {
        await migrate(handle);
        await seed(handle, config, quiet);
      }),
    );
    const operators = (await first.handle.db.execute(sql`select count(*)::int as n from users where role = 'operator'`)) as unknown as {
      rows: { n: number }[];
    };
    expect(operators.rows[0]!.n).toBe(1);
  });
});
