// The incremental integrity check (docs/decisions/0028) after a day of new entries, against the
// full scan, on PostgreSQL. Run by scripts/bench/books-incremental.mjs (npm run bench) through tsx:
// it calls the API's own functions. History: BENCH_BOOKS_ENTRIES entries (recharges of
// BENCH_BOOKS_MEMBERS members over 30 days, written in bulk as a superuser would, then linked in
// the hash chain and sealed day by day); then a day of new entries (1/30 of the history), linked;
// then the check since the last seal, timed (median of 3), beside the full report.
import type pg from 'pg';
import { buildIntegrityReport, incrementalCheck, linkChainNow } from '../../apps/api/src/ledger/index';
import { ManualClock } from '../../apps/api/src/lib/clock';
import { testConfig } from '../../apps/api/src/config';
import { sealDueDays, signingKeyFor } from '../../apps/api/src/modules/books/seal';
import { withBenchDatabase } from './bench-database';

const ENTRIES = Number(process.env.BENCH_BOOKS_ENTRIES || 1_000_000);
const MEMBERS = Number(process.env.BENCH_BOOKS_MEMBERS || 10_000);
const DAYS = 30;
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** `count` recharges (two entries each) spread over [startDay, startDay + days), running balances included. */
async function bulkRecharges(client: pg.Client, count: number, start: string, days: number) {
  await client.query('begin');
  await client.query('set local session_replication_role = replica');
  await client.query(
    `with base as (select coalesce(max(id), 0) as last from ledger_transactions),
     t as (insert into ledger_transactions (id, kind, idempotency_key, created_at)
           overriding system value
           select base.last + g, 'recharge', 'bench:' || (base.last + g),
                  $2::date + (g - 1) * ($3::double precision * interval '1 day') / $1
             from base, generate_series(1, $1) g returning id, created_at),
     wallets as (select array_agg(id order by id) as ids from ledger_accounts where type = 'member_available'),
     cash as (select id from ledger_accounts where type = 'platform_cash')
     insert into ledger_entries (transaction_id, account_id, amount, created_at)
     select t.id, x.account_id, x.amount, t.created_at from t, wallets, cash
       cross join lateral (values (wallets.ids[1 + t.id % $4], 100::bigint), (cash.id, -100::bigint)) x(account_id, amount)`,
    [count, start, days, MEMBERS],
  );
  await client.query(`select setval('ledger_transactions_id_seq', (select max(id) from ledger_transactions))`);
  await client.query(`update ledger_entries e set balance_after = s.running from (
      select e2.id, sum(e2.amount) over (partition by e2.account_id order by e2.id) as running
        from ledger_entries e2 join ledger_accounts a on a.id = e2.account_id where a.owner_id is not null) s
     where s.id = e.id and e.balance_after is distinct from s.running`);
  await client.query(
    `update ledger_accounts a set balance = coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0) where a.owner_id is not null`,
  );
  await client.query('commit');
}

/**
 * Links the whole chain, however long it takes the transactions running now to end: the horizon
 * waits for the oldest transaction on the whole server (docs/decisions/0028), another database's
 * long load included, and a chain left half linked would measure nothing.
 */
async function linkAll(db: Parameters<typeof linkChainNow>[0]) {
  const until = Date.now() + 20 * 60_000;
  while (!(await linkChainNow(db, 60_000)).ready)
    if (Date.now() > until) throw new Error('the chain could not be linked: a transaction on the server has run for 20 minutes');
}

async function main() {
  await withBenchDatabase('orchard_bench_books', 4, async (handle, client) => {
    const out: Record<string, unknown> = { entries: ENTRIES, members: MEMBERS };
    let t = process.hrtime.bigint();
    await client.query(
      `insert into users (email, display_name, password_hash, role, invite_code)
      select 'm' || g || '@bench.local', 'M', 'x', 'member', upper(substr(md5(g::text), 1, 8)) from generate_series(1, $1) g`,
      [MEMBERS],
    );
    await client.query(`select ledger_member_accounts(id, 'USD') from users`);
    await client.query(`select ledger_platform_account('platform_cash', 'USD')`);
    const today = new Date();
    const first = new Date(today.getTime() - (DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
    await bulkRecharges(client, ENTRIES / 2, first, DAYS);
    out.seedSeconds = Math.round(ms(t) / 100) / 10;
    t = process.hrtime.bigint();
    await linkAll(handle.db);
    out.linkSeconds = Math.round(ms(t) / 100) / 10;
    t = process.hrtime.bigint();
    const clock = new ManualClock(new Date(new Date(`${today.toISOString().slice(0, 10)}T00:00:00Z`).getTime() - 86_400_000 + 3_600_000));
    const sealRun = await sealDueDays({ db: handle.db, clock, key: signingKeyFor(testConfig()) });
    out.sealed = sealRun.sealed.length;
    out.sealSeconds = Math.round(ms(t) / 100) / 10;
    const day = Math.round(ENTRIES / DAYS / 2);
    await bulkRecharges(client, day, new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10), 0.9);
    await linkAll(handle.db);
    // Planner statistics, as autovacuum keeps them on a live database (the bulk writes above outran it).
    await client.query('analyze');
    out.dayEntries = day * 2;
    const times: number[] = [];
    let check;
    for (let i = 0; i < 3; i++) {
      t = process.hrtime.bigint();
      check = await incrementalCheck(handle.db);
      times.push(ms(t));
    }
    out.incrementalMs = Math.round(times.sort((a, b) => a - b)[1]!);
    out.incrementalOk = check?.ok;
    out.incrementalEntries = check?.entries;
    t = process.hrtime.bigint();
    const full = await buildIntegrityReport(handle.db, new Date());
    out.fullMs = Math.round(ms(t));
    out.fullOk = full.ok;
    console.log(JSON.stringify(out));
  });
}

await main();
