import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { DEMO_MEMBER_EMAIL, seed } from '../src/demo/seed';
import { buildIntegrityReport, getMemberBalances, listMemberEntries } from '../src/ledger/index';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { teamRollupDrift } from './team-helpers';

const quiet = { info: () => {} };
const config = testConfig({ SEED_DEMO: 'true', OPERATOR_PASSWORD: 'operator-password' });

type Row = Record<string, unknown>;
async function rows(database: TestDatabase, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Row counts of every table the demo story writes to: a second seed must leave them all as they are. */
async function counts(database: TestDatabase) {
  const [row] = await rows(
    database,
    sql`select (select count(*) from users)::int as users, (select count(*) from recharge_orders)::int as orders,
      (select count(*) from ledger_transactions)::int as transactions, (select count(*) from ledger_entries)::int as entries,
      (select count(*) from audit_log)::int as audit, (select count(*) from plans)::int as plans,
      (select count(*) from purchases)::int as purchases, (select count(*) from coupons)::int as coupons`,
  );
  return row;
}

describe.each(DATABASE_KINDS)('demo data (%s)', (kind) => {
  let database: TestDatabase;
  let demoId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seed(database.handle, config, quiet);
    const [demo] = await rows(database, sql`select id from users where email = ${DEMO_MEMBER_EMAIL}`);
    demoId = demo!.id as string;
  }, 120_000);
  afterAll(() => database.destroy());

  it('writes its content and plans in English, Spanish and Chinese, leaving a little untranslated to show the console', async () => {
    // Every text of every item in Spanish and Chinese, but for one announcement and one coming promotion without Chinese.
    const untranslated = await rows(
      database,
      sql`select kind, count(*) filter (where not translations ? 'es')::int as no_es, count(*) filter (where not translations ? 'zh')::int as no_zh,
                 count(*)::int as total
            from (select 'announcement' as kind, translations from announcements
                  union all select 'promotion', translations from promotions
                  union all select 'help', translations from help_articles
                  union all select 'legal', translations from legal_documents
                  union all select 'plan', translations from plans) as content
           group by kind order by kind`,
    );
    expect(untranslated).toEqual([
      { kind: 'announcement', no_es: 0, no_zh: 1, total: 4 },
      { kind: 'help', no_es: 0, no_zh: 0, total: 12 },
      { kind: 'legal', no_es: 0, no_zh: 0, total: 5 },
      { kind: 'plan', no_es: 0, no_zh: 0, total: 4 },
      { kind: 'promotion', no_es: 0, no_zh: 1, total: 3 },
    ]);
    const [family] = await rows(database, sql`select translations from plans where name = 'Family'`);
    expect(family!.translations).toMatchObject({ es: { name: 'Familia' }, zh: { name: '家庭' } });
    // Each plan's translations have as many benefits as its English list.
    const [uneven] = await rows(
      database,
      sql`select count(*)::int as n from plans, unnest(array['es', 'zh']) as language
           where jsonb_array_length(translations -> language -> 'benefits') <> jsonb_array_length(benefits)`,
    );
    expect(uneven!.n).toBe(0);
  });

  it('publishes today’s earnings disclosure from the story’s books: members who earned, and more who did not', async () => {
    const [snapshot] = await rows(database, sql`select figures from earnings_disclosures`);
    const year = (snapshot!.figures as { lastYear: { members: number; earners: number; belowZero: number; earned: { total: number } } })
      .lastYear;
    expect(year.earners).toBeGreaterThan(0);
    expect(year.members).toBeGreaterThan(year.earners);
    expect(year.belowZero).toBeGreaterThan(0);
    expect(year.earned.total).toBeGreaterThan(0);
  });

  it('puts a three-level team under the demo member, linked by referrer at registration', async () => {
    const levels = await rows(
      database,
      sql`with recursive team(id, level) as (
            select id, 0 from users where id = ${demoId}
            union all select u.id, t.level + 1 from users u join team t on u.referrer_id = t.id)
          select level, count(*)::int as members from team where level > 0 group by level order by level`,
    );
    expect(levels.map((row) => row.level)).toEqual([1, 2, 3]);
    for (const row of levels) expect(row.members).toBeGreaterThan(0);
    // Every member can sign in with an invite code of their own.
    const [codes] = await rows(database, sql`select count(distinct invite_code)::int as codes, count(*)::int as users from users`);
    expect(codes!.codes).toBe(codes!.users);
    // The team screens read rollups: they equal a recount, and one referral review waits in the console.
    expect(await teamRollupDrift(database.handle.db)).toEqual([]);
    const holds = await rows(database, sql`select status, count(*)::int as n from referral_holds group by status`);
    expect(holds).toEqual([{ status: 'open', n: 1 }]);
  });

  it('leaves recharge orders in every state, with a reason on each rejection', async () => {
    const states = await rows(database, sql`select distinct status from recharge_orders order by status`);
    expect(states.map((row) => row.status)).toEqual(['awaiting_payment', 'cancelled', 'credited', 'expired', 'rejected', 'submitted']);
    const [unexplained] = await rows(
      database,
      sql`select count(*)::int as n from recharge_orders where status = 'rejected' and coalesce(reject_reason, '') = ''`,
    );
    expect(unexplained!.n).toBe(0);
    // The demo member keeps room under the open-order cap to try recharging.
    const [open] = await rows(
      database,
      sql`select count(*)::int as n from recharge_orders where user_id = ${demoId} and status in ('awaiting_payment', 'submitted')`,
    );
    expect(open!.n).toBeLessThan(config.RECHARGE_MAX_OPEN_ORDERS - 2);
  });

  it('leaves withdrawals in every state, the processing ones sent in one payout file', async () => {
    const states = await rows(database, sql`select distinct status from withdrawals order by status`);
    expect(states.map((row) => row.status)).toEqual(['cancelled', 'paid', 'pending', 'processing', 'rejected']);
    const files = await rows(
      database,
      sql`select f.row_count, (select count(*)::int from payout_file_rows r where r.file_id = f.id) as lines,
                 (select count(*)::int from withdrawals w where w.processing_file_id = f.id and w.status = 'processing') as processing
            from payout_files f`,
    );
    expect(files).toEqual([{ row_count: 2, lines: 2, processing: 2 }]);
    const [mine] = await rows(database, sql`select count(*)::int as n from withdrawals where user_id = ${demoId} and status = 'processing'`);
    expect(mine!.n).toBe(1);
  });

  it('gives the demo member a statement with history spread over weeks and a balance that balances the ledger', async () => {
    const balances = await getMemberBalances(database.handle.db, demoId, config.CURRENCY);
    expect(balances.available).toBeGreaterThan(0);
    const entries = await listMemberEntries(database.handle.db, demoId, config.CURRENCY, { account: 'available', limit: 100 });
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.reduce((sum, entry) => sum + Number(entry.amount), 0)).toBe(balances.available);
    const kinds = new Set(entries.map((entry) => entry.kind));
    expect(kinds).toContain('recharge');
    expect(kinds).toContain('adjustment_credit');
    const times = entries.map((entry) => new Date(entry.createdAt).getTime());
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 24 * 60 * 60_000);

    const report = await buildIntegrityReport(database.handle.db, new Date());
    expect(report.ok).toBe(true);
    // The story's past days are sealed (docs/decisions/0028), and the chain covers every transaction.
    expect(report.seals.count).toBeGreaterThanOrEqual(30);
    expect(report.chain.links).toBe(report.transactionCount);
    expect(report.transactionCount).toBeGreaterThanOrEqual(4);
  });

  it('records the story in the order of its dates (a statement groups a day’s entries together, whatever the hour of the start)', async () => {
    const result = await database.handle.db.execute<{ backwards: number }>(sql`
      select count(*)::int as backwards from (
        select created_at < lag(created_at) over (order by id) as back from ledger_transactions
      ) steps where back`);
    expect(result.rows[0]!.backwards).toBe(0);
  });

  it('sells plans: active, expired and refunded purchases, commissions pending and released, coupons saved and used', async () => {
    const purchases = await rows(
      database,
      sql`select case when status = 'refunded' then 'refunded' when ends_at <= now() then 'expired' else 'active' end as state,
            count(*)::int as n from purchases group by 1 order by 1`,
    );
    expect(purchases.map((row) => row.state)).toEqual(['active', 'expired', 'refunded']);
    const commissions = await rows(database, sql`select status, count(*)::int as n from commissions group by status order by status`);
    expect(commissions.map((row) => row.status)).toEqual(['available', 'pending', 'reversed', 'review', 'skipped']);
    const demo = await getMemberBalances(database.handle.db, demoId, config.CURRENCY);
    expect(demo.commissionPending).toBeGreaterThan(0);
    const mine = await rows(
      database,
      sql`select count(*)::int as n from coupon_member_uses u join coupons c on c.id = u.coupon_id where u.user_id = ${demoId}`,
    );
    expect(mine[0]!.n).toBeGreaterThanOrEqual(3);
    const [founders] = await rows(database, sql`select count(*)::int as free from plan_stock_units where purchase_id is null`);
    expect(founders!.free).toBe(24);
  });

  it('leaves a debt from a refund with the override, partly settled by a later release', async () => {
    const [bruno] = await rows(database, sql`select id from users where email = 'bruno@orchard.local'`);
    const balances = await getMemberBalances(database.handle.db, bruno!.id as string, config.CURRENCY);
    expect(balances.debt).toBe(250);
    const debt = await rows(
      database,
      sql`select t.kind, e.amount::int as amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
            join ledger_transactions t on t.id = e.transaction_id
           where a.owner_id = ${bruno!.id as string} and a.type = 'member_debt' order by e.id`,
    );
    expect(debt).toEqual([
      { kind: 'refund', amount: -500 },
      { kind: 'commission_release', amount: 250 },
    ]);
  });

  it('leaves a reconciled bank day and one with lines in the queue', async () => {
    const days = await rows(
      database,
      sql`select booked_on::text as day, count(*) filter (where status = 'queued')::int as queued, count(*)::int as lines
            from bank_lines group by booked_on order by booked_on`,
    );
    expect(days.map((row) => [row.queued, row.lines])).toEqual([[0, 4], [2, 3]]);
    const reasons = await rows(database, sql`select reason from bank_lines where status = 'queued' order by reason`);
    expect(reasons.map((row) => row.reason)).toEqual(['partial', 'unknown_reference']);
  });

  it('leaves approvals decided, expired and waiting: an adjustment and a money setting wait for the demo operator', async () => {
    const requests = await rows(database, sql`select kind, status, amount::int as amount from approval_requests order by requested_at`);
    expect(requests.map((row) => [row.kind, row.status])).toEqual([
      ['adjustment', 'expired'],
      ['adjustment', 'applied'],
      ['adjustment', 'requested'],
      ['withdrawal_settings', 'requested'],
    ]);
    const [change] = await rows(database, sql`select payload from approval_requests where kind = 'withdrawal_settings'`);
    const { before, after } = change!.payload as { before: { minAmount: number }; after: { minAmount: number } };
    expect(after.minAmount - before.minAmount).toBe(500);
  });

  it('adds nothing when it runs again', async () => {
    const before = await counts(database);
    await seed(database.handle, config, quiet);
    expect(await counts(database)).toEqual(before);
  }, 120_000);
});

describe.each(DATABASE_KINDS)('SEED_DEMO=false (%s)', (kind) => {
  it('creates the operator only: no demo member, team, channels or money', async () => {
    const database = await createTestDatabase(kind);
    try {
      await seed(database.handle, testConfig({ SEED_DEMO: 'false', OPERATOR_PASSWORD: 'operator-password' }), quiet);
      expect(await counts(database)).toMatchObject({ users: 1, orders: 0, transactions: 0, entries: 0 });
      const [channels] = await rows(database, sql`select count(*)::int as n from payment_channels`);
      expect(channels!.n).toBe(0);
    } finally {
      await database.destroy();
    }
  }, 120_000);
});

describe('demo data with a short order deadline', () => {
  it('still tells the whole story when orders expire after a minute (as on the e2e server)', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await seed(database.handle, testConfig({ SEED_DEMO: 'true', RECHARGE_ORDER_TTL_MINUTES: '1' }), quiet);
      const states = await rows(database, sql`select distinct status from recharge_orders order by status`);
      expect(states.map((row) => row.status)).toEqual(['awaiting_payment', 'cancelled', 'credited', 'expired', 'rejected', 'submitted']);
    } finally {
      await database.destroy();
    }
    // The whole story is seeded inside the test (some 80 service calls): minutes, not seconds, on a busy machine.
  }, 120_000);
});
