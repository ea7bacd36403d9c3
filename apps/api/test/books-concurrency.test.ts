import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { chainHorizon, linkChain, linkChainNow, verifyChain } from '../src/ledger/index';
import { addClientHeader, createTestApp } from './app';
import { signInOperator } from './auth';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, type TestDatabase } from './database';
import { insertUser } from './ledger-helpers';

/** Links out of id order (a link whose transaction id is not above the one before). */
async function outOfOrder(db: Db): Promise<number> {
  const found = (await db.execute(
    sql`select count(*)::int as n from ledger_chain a join ledger_chain b on b.seq = a.seq + 1 where b.tx_id <= a.tx_id`,
  )) as unknown as { rows: { n: number }[] };
  return found.rows[0]!.n;
}

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
    expect(await outOfOrder(db)).toBe(0);
  }, 180_000);
});

/**
 * Two app instances (two `buildApp`s, each with its own pool and its own chain job) against one
 * PostgreSQL database: 64 clients credit members through both, half each, while both instances'
 * chain jobs link; afterwards every ledger transaction has exactly one link, in id order, whole.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the hash chain with two app instances on PostgreSQL', () => {
  it('links every committed transaction once, in order, while 64 clients post through two instances', async () => {
    const overrides = { LEDGER_CHAIN_POLL_MS: '25' };
    const first = await createTestApp('postgres', overrides);
    const handle = await openDatabase({ url: first.database.url!, poolSize: 12, testClock: true });
    const second = await buildApp({ config: testConfig(overrides), database: handle, clock: first.clock });
    await second.ready();
    addClientHeader(second);
    try {
      const db = first.database.handle.db;
      const operator = await signInOperator(first);
      const members = await Promise.all(Array.from({ length: 64 }, () => insertUser(db)));
      const credit = (client: number, amount: number) =>
        (client % 2 === 0 ? first.app : second).inject({
          method: 'POST',
          url: `/api/v1/admin/members/${members[client]!}/adjustments`,
          headers: { cookie: operator.cookie, 'idempotency-key': randomUUID() },
          payload: { direction: 'credit', amount, reason: 'two instances' },
        });
      const statuses = await Promise.all(
        members.map(async (_, client) => {
          const codes: number[] = [];
          for (const amount of [100, 200, 300]) codes.push((await credit(client, amount)).statusCode);
          return codes;
        }),
      );
      expect(statuses.flat().every((code) => code === 201)).toBe(true);
      await linkChainNow(db);
      const [count] = ((await db.execute(sql`select count(*)::int as n from ledger_transactions`)) as unknown as { rows: { n: number }[] })
        .rows;
      expect(count!.n).toBeGreaterThanOrEqual(64 * 3);
      expect(await verifyChain(db)).toMatchObject({ ok: true, broken: null, links: count!.n });
      expect(await outOfOrder(db)).toBe(0);
    } finally {
      await second.close();
      await handle.close();
      await first.close();
    }
  }, 240_000);
});
