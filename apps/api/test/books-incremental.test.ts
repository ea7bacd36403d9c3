import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { incrementalCheck, linkChainNow } from '../src/ledger/index';
import { chainTime } from '../src/ledger/chain-rows';
import { ManualClock } from '../src/lib/clock';
import { sealDueDays, signingKeyFor } from '../src/modules/books/seal';
import { leaveIdGap, rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { asSuperuser, insertUser } from './ledger-helpers';

// A fresh database per tamper, sealed first: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
const key = signingKeyFor(testConfig())!;

/**
 * The incremental check (docs/decisions/0028) after the last seal: each tamper a superuser can
 * plant in what came after it is named, including a transaction dated after the sealed day that
 * the seal's chain head already covered.
 */
describe.each(DATABASE_KINDS)('the check since the last seal on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** Two sealed days; one recharge dated after them but linked before the seal; two after the seal. */
  async function sealedThenMore() {
    database = await createTestDatabase(kind, { poolSize: 6 });
    const db = database.handle.db;
    const a = await rechargeMember(db, [1000], undefined, new Date('2026-01-01T10:00:00Z'));
    const b = await rechargeMember(db, [500], undefined, new Date('2026-01-02T12:00:00Z'));
    const early = await rechargeMember(db, [30], a.memberId, new Date('2026-01-03T00:05:00Z'));
    await linkChainNow(db);
    await sealDueDays({ db, clock: new ManualClock('2026-01-03T00:10:00Z'), key });
    const gap = await leaveIdGap(db);
    const late = await rechargeMember(db, [40], a.memberId, new Date('2026-01-03T08:00:00Z'));
    const other = await rechargeMember(db, [60], b.memberId, new Date('2026-01-03T09:00:00Z'));
    await linkChainNow(db);
    return { db, a, b, gap, early: early.txIds[0]!, late: late.txIds[0]!, other: other.txIds[0]! };
  }
  type Ledger = Awaited<ReturnType<typeof sealedThenMore>>;

  it('holds when nothing changed, counting what came after the sealed day', async () => {
    const { db } = await sealedThenMore();
    expect(await incrementalCheck(db)).toMatchObject({
      ok: true,
      since: '2026-01-02',
      transactions: 3,
      entries: 6,
      chain: { links: 3, broken: null },
      sealBreaks: [],
      accountBreaks: [],
      unbalanced: [],
    });
  });

  const tampers: { name: string; plant: (l: Ledger, db: Db) => Promise<SQL[]>; expect: (l: Ledger) => object }[] = [
    {
      name: 'an amount of a transaction the seal covered though dated after its day',
      plant: async (l) => [sql`update ledger_entries set amount = amount * 10 where transaction_id = ${l.early}`],
      expect: (l) => ({ chain: { broken: { txId: String(l.early), problem: 'entries' } } }),
    },
    {
      name: 'an amount after the seal',
      plant: async (l) => [sql`update ledger_entries set amount = amount * 10 where transaction_id = ${l.late}`],
      expect: (l) => ({ chain: { broken: { txId: String(l.late), problem: 'entries' } } }),
    },
    {
      name: 'a deleted entry',
      plant: async (l) => [
        sql`delete from ledger_entries where id = (select max(id) from ledger_entries where transaction_id = ${l.other})`,
      ],
      expect: (l) => ({ chain: { broken: { txId: String(l.other), problem: 'entries' } } }),
    },
    {
      name: 'a deleted transaction',
      plant: async (l) => [
        sql`delete from ledger_entries where transaction_id = ${l.late}`,
        sql`delete from ledger_transactions where id = ${l.late}`,
      ],
      expect: (l) => ({ chain: { broken: { txId: String(l.late), problem: 'missing' } } }),
    },
    {
      name: 'a transaction slipped in below the head',
      plant: async (l) => [
        sql`insert into ledger_transactions (id, kind, created_at) overriding system value values (${l.gap}, 'recharge', '2026-01-03T07:00:00Z')`,
        sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
            select ${l.gap}, account_id, amount, balance_after, '2026-01-03T07:00:00Z' from ledger_entries where transaction_id = ${l.late}`,
      ],
      expect: (l) => ({ chain: { broken: { seq: null, txId: String(l.gap), problem: 'unlinked' } } }),
    },
    {
      name: 'a transaction dated inside the sealed day, written after the seal',
      plant: async (l) => [sql`update ledger_transactions set created_at = '2026-01-02T18:00:00Z' where id = ${l.other}`],
      expect: () => ({ sealBreaks: [expect.objectContaining({ day: '2026-01-02', problem: 'backdated' })] }),
    },
    {
      name: 'an account given to another member',
      plant: async (l, db) => [sql`update ledger_accounts set owner_id = ${await insertUser(db)} where id = ${l.b.available}`],
      expect: (l) => ({ chain: { broken: { txId: String(l.other), problem: 'accounts' } } }),
    },
    {
      name: 'a link hash rewritten',
      plant: async (l) => [sql`update ledger_chain set hash = repeat('a', 64) where tx_id = ${l.late}`],
      expect: (l) => ({ chain: { broken: { txId: String(l.late), problem: 'hash' } } }),
    },
    {
      name: 'the sealed link rewritten',
      plant: async (l) => [sql`update ledger_chain set hash = repeat('b', 64) where tx_id = ${l.early}`],
      expect: () => ({ sealBreaks: [expect.objectContaining({ problem: 'chain' })] }),
    },
    {
      name: 'a cached balance',
      plant: async (l) => [sql`update ledger_accounts set balance = balance + 5 where id = ${l.b.available}`],
      expect: (l) => ({
        accountBreaks: [{ accountId: String(l.b.available), closing: '500', moved: '60', balanceAfter: '560', cached: '565' }],
      }),
    },
  ];

  it.each(tampers)('names $name', async (tamper) => {
    const ledger = await sealedThenMore();
    await asSuperuser(ledger.db, ...(await tamper.plant(ledger, ledger.db)));
    const check = await incrementalCheck(ledger.db);
    expect(check.ok).toBe(false);
    expect(check).toMatchObject(tamper.expect(ledger));
  });

  it("reads the database's timestamps in the chain's spelling, as to_char writes them", async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db;
    const micros = fc.bigInt({ min: 0n, max: 4_102_444_800_000_000n });
    const samples = fc.sample(micros, 200).concat([0n, 1_000_000n, 1_767_225_600_123_400n]);
    const list = `{${samples.join(',')}}`;
    const found = (await db.execute(
      sql`select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as expected, (t at time zone 'UTC')::text as raw
            from (select to_timestamp(0) + m * interval '1 microsecond' as t from unnest(${list}::bigint[]) m) x`,
    )) as unknown as { rows: { expected: string; raw: string }[] };
    for (const row of found.rows) expect(chainTime(row.raw)).toBe(row.expected);
  });
});
