#!/usr/bin/env node
// The console dashboard on a large business: 10 M ledger entries (5 M transactions) with the
// purchases, recharges, commissions and payouts behind them over 30 days, on PostgreSQL. Times
// GET /api/v1/admin/dashboard through the API (goal, issue 14: p95 <= 50 ms) and, for comparison,
// the ledger integrity report, which still reads every entry. Standalone:
//
//   node scripts/bench/dashboard.mjs            # 10,000,000 entries
//   node scripts/bench/dashboard.mjs --quick    # 1,000,000 entries
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test);
// a fresh database `orchard_bench_dashboard_<hex>` is created beside it and dropped afterwards.
// BENCH_DASHBOARD_ENTRIES overrides the entry count.
//
// Rows are written in bulk with triggers and foreign-key checks off (session_replication_role =
// replica): the figures only need the tables' shape and indexes, not the money rules (those are
// what the test suites check). The first rollup (every hour of the 30 days) is timed on its own.
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { httpClient, onBenchServer, percentile, roundMs } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GOAL_P95_MS = 50;
const log = (line) => console.log(`dashboard: ${line}`);

async function seed(db, entries) {
  const transactions = Math.floor(entries / 2);
  const purchases = Math.floor(transactions / 2);
  const members = Math.max(10_000, Math.floor(transactions / 50));
  const started = Date.now();
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into users (id, email, display_name, password_hash, invite_code, created_at)
    select gen_random_uuid(), 'b' || i || '@bench.local', 'Member ' || i, 'x', upper(lpad(to_hex(i), 8, '0')),
           now() - interval '30 days' * random()
      from generate_series(1, $1::int) i`,
    [members],
  );
  await db.query(`insert into plans (name, description, benefits, price, duration_days, currency, active, sort_order, created_at, updated_at)
    values ('Bench plan', '', '[]', 5000, 30, 'USD', true, 0, now(), now())`);
  await db.query(`insert into ledger_accounts (type, currency) values ('platform_cash', 'USD'), ('platform_plan_revenue', 'USD')
    on conflict do nothing`);
  const { rows: accounts } = await db.query(
    `select id from ledger_accounts where owner_id is null and type in ('platform_cash', 'platform_plan_revenue') order by type`,
  );
  await db.query(
    `insert into ledger_transactions (kind, memo, created_at)
    select 'plan_purchase', 'Plan: Bench plan', now() - interval '30 days' * (1 - i::float / $1)
      from generate_series(1, $1::int) i`,
    [transactions],
  );
  await db.query(
    `insert into ledger_entries (transaction_id, account_id, amount, created_at)
    select t.id, a.account_id, a.sign * 5000, t.created_at
      from ledger_transactions t cross join (values ($1::bigint, -1), ($2::bigint, 1)) as a(account_id, sign)`,
    [accounts[0].id, accounts[1].id],
  );
  await db.query(
    `create temporary table bench_members as select id, row_number() over () as n from users where email like '%@bench.local'`,
  );
  await db.query(
    `insert into purchases (id, request_key, user_id, plan_id, plan_name, duration_days, currency, price, discount, paid, starts_at, ends_at, status, ledger_transaction_id, created_at)
    select gen_random_uuid(), 'bench-' || t.id, m.id, (select id from plans limit 1), 'Bench plan', 30, 'USD', 5000, 0, 5000, t.created_at, t.created_at + interval '30 days', 'active', t.id, t.created_at
      from ledger_transactions t join bench_members m on m.n = 1 + (t.id % $2)
     where t.id % 2 = 0 and t.id <= $1 * 2`,
    [purchases, members],
  );
  // Credited recharges point at the odd transactions (the even ones are the purchases').
  await db.query(
    `insert into recharge_orders (user_id, channel_code, amount, currency, reference, status, created_at, expires_at, resolved_at, ledger_transaction_id)
    select m.id, 'bank-transfer', 10000, 'USD', 'B' || lpad(to_hex(n), 9, '0'), 'credited', now() - interval '30 days' * random(), now(),
           now() - interval '30 days' * random(), m.n * 2 - 1
      from bench_members m where m.n * 2 - 1 <= $1`,
    [transactions],
  );
  await db.query(`set session_replication_role = origin`);
  for (const table of ['users', 'ledger_transactions', 'ledger_entries', 'purchases', 'recharge_orders'])
    await db.query(`vacuum analyze ${table}`);
  const { rows } = await db.query(
    `select (select count(*) from ledger_entries)::bigint as entries, (select count(*) from purchases)::bigint as purchases`,
  );
  return { seconds: (Date.now() - started) / 1000, entries: Number(rows[0].entries), purchases: Number(rows[0].purchases), members };
}

export async function runDashboard({ quick = process.argv.includes('--quick') } = {}) {
  const entries = Number(process.env.BENCH_DASHBOARD_ENTRIES || (quick ? 1_000_000 : 10_000_000));
  const requests = quick ? 60 : 200;
  return onBenchServer({ root: ROOT, prefix: 'orchard_bench_dashboard', log }, async ({ db, base }) => {
    log(`seeding ${entries.toLocaleString('en')} ledger entries…`);
    const seeded = await seed(db, entries);
    log(
      `seeded in ${seeded.seconds.toFixed(1)} s: ${seeded.entries.toLocaleString('en')} entries, ${seeded.purchases.toLocaleString('en')} purchases, ${seeded.members.toLocaleString('en')} members`,
    );
    let started = process.hrtime.bigint();
    await db.query('select dashboard_rollup(now())');
    const firstRollupMs = Number(process.hrtime.bigint() - started) / 1e6;
    started = process.hrtime.bigint();
    await db.query('select dashboard_rollup(now())');
    const nextRollupMs = Number(process.hrtime.bigint() - started) / 1e6;
    log(`first rollup (all 30 days) ${roundMs(firstRollupMs)} ms; a later run (two hours) ${roundMs(nextRollupMs)} ms`);

    const token = randomBytes(32).toString('base64url');
    await db.query(
      // A console session that has proved its second factor (docs/decisions/0029), as a signed-in operator's is.
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, second_factor_at)
       select id, $1, now(), now(), now() + interval '1 day', now() from users where role = 'operator' limit 1`,
      [createHash('sha256').update(token).digest('hex')],
    );
    const cookie = `orchard_session=${token}`;
    const client = httpClient(base, { maxSockets: 2 });
    for (let i = 0; i < 5; i++) await client.call('GET', '/api/v1/admin/dashboard', { cookie });
    const times = [];
    for (let i = 0; i < requests; i++) {
      const begin = process.hrtime.bigint();
      const response = await client.call('GET', '/api/v1/admin/dashboard', { cookie });
      times.push(Number(process.hrtime.bigint() - begin) / 1e6);
      if (response.status !== 200) throw new Error(`dashboard: ${response.status} ${response.text}`);
    }
    times.sort((a, b) => a - b);
    const dashboard = {
      p50: roundMs(percentile(times, 50)),
      p95: roundMs(percentile(times, 95)),
      max: roundMs(times[times.length - 1]),
      n: times.length,
    };
    log(`GET /admin/dashboard: p50 ${dashboard.p50} ms, p95 ${dashboard.p95} ms, max ${dashboard.max} ms (${dashboard.n} requests)`);
    // A member's statement page (the console's view of it runs the member's own query) for 50 members.
    const { rows: readers } = await db.query(`select id from users where role = 'member' order by random() limit 50`);
    const statementTimes = [];
    for (let sweep = 0; sweep < (quick ? 2 : 4); sweep++) {
      for (const reader of readers) {
        const begin = process.hrtime.bigint();
        const response = await client.call('GET', `/api/v1/admin/members/${reader.id}/transactions`, { cookie });
        statementTimes.push(Number(process.hrtime.bigint() - begin) / 1e6);
        if (response.status !== 200) throw new Error(`statement: ${response.status} ${response.text}`);
      }
    }
    statementTimes.sort((a, b) => a - b);
    const statement = {
      p50: roundMs(percentile(statementTimes, 50)),
      p95: roundMs(percentile(statementTimes, 95)),
      n: statementTimes.length,
    };
    log(`statement page (first page of a member's entries): p50 ${statement.p50} ms, p95 ${statement.p95} ms (${statement.n} requests)`);
    started = process.hrtime.bigint();
    const report = await client.call('GET', '/api/v1/admin/ledger/report', { cookie });
    const reportMs = roundMs(Number(process.hrtime.bigint() - started) / 1e6);
    log(`GET /admin/ledger/report (reads every entry): ${reportMs} ms (status ${report.status})`);
    client.close();
    const pass = dashboard.p95 <= GOAL_P95_MS;
    log(`dashboard p95 ${dashboard.p95} ms, goal <= ${GOAL_P95_MS} ms: ${pass ? 'pass' : 'MISS'}`);
    return {
      entries: seeded.entries,
      purchases: seeded.purchases,
      seedSeconds: roundMs(seeded.seconds),
      firstRollupMs: roundMs(firstRollupMs),
      nextRollupMs: roundMs(nextRollupMs),
      dashboard,
      statement,
      ledgerReportMs: reportMs,
      goalP95Ms: GOAL_P95_MS,
      pass,
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runDashboard();
}
