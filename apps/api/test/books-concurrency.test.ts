import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHorizon, linkChain, linkChainNow, verifyChain } from '../src/ledger/index';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, type TestDatabase } from './database';
import { insertUser } from './ledger-helpers';

/**
 * The hash chain under load (docs/decisions/0028): 64 clients post recharges while two linkers (as
 * two instances would) link again and again; afterwards every committed transaction has exactly
 * one link, in id order, and the chain recomputes whole.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the hash chain under concurrent postings on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 24 });
  });
  afterAll(() => database?.destroy());

  it('links every committed transaction once, in id order, while 64 clients post and two linkers run', async () => {
    const db = database.handle.db;
    const members = await Promise.all(Array.from({ length: 64 }, () => insertUser(db)));
    let posting = true;
    const linker = async () => {
      let runs = 0;
      while (posting) {
        const horizon = await chainHorizon(db);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await linkChain(db, horizon);
        runs += 1;
      }
      return runs;
    };
    const linkers = [linker(), linker()];
    await Promise.all(members.map((member) => rechargeMember(db, [100, 200, 300, 400, 500], member)));
    posting = false;
    expect((await Promise.all(linkers)).every((runs) => runs > 0)).toBe(true);
    await linkChainNow(db);
    const check = await verifyChain(db);
    expect(check).toMatchObject({ ok: true, broken: null, links: 64 * 5 });
    const [order] = (
      (await db.execute(
        sql`select count(*)::int as out_of_order from ledger_chain a join ledger_chain b on b.seq = a.seq + 1 where b.tx_id <= a.tx_id`,
      )) as unknown as {
        rows: { out_of_order: number }[];
      }
    ).rows;
    expect(order!.out_of_order).toBe(0);
  }, 180_000);
});
