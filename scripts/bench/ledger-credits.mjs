#!/usr/bin/env node
// Ledger credits per second through the HTTP API on PostgreSQL, with the machine's pgbench TPS
// for a comparable transaction beside it (issue 4). Standalone:
//
//   node scripts/bench/ledger-credits.mjs
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// names a server and a database to connect to for admin work; a fresh database is created
// beside it and dropped afterwards. BENCH_CREDITS (1000), BENCH_CONCURRENCY (16),
// BENCH_MEMBERS (500), BENCH_PGBENCH_SECONDS (10), PGBENCH (path to pgbench).
//
// What is measured: operator credits of recharge orders (POST /api/v1/admin/recharge/orders/{id}/credit
// with an Idempotency-Key) against the built server (apps/api/dist/server.js) on 127.0.0.1, with
// bounded concurrency; then signed gateway webhooks crediting orders. pgbench runs the ledger part
// of a credit in plain SQL (transaction row, conditional member update, two entries) on the same
// tables and triggers, and once more with a single hot platform-balance row updated per
// transaction, the design this ledger avoids.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findPgbench, freePort, waitReady, withDatabase } from './support.mjs';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CREDITS = Number(process.env.BENCH_CREDITS || 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 500);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS || 10);
const OPERATOR_EMAIL = 'bench-operator@orchard.local';
const OPERATOR_PASSWORD = `bench-${randomBytes(8).toString('hex')}`;
const GATEWAY_SECRET = `whsec_${randomBytes(16).toString('hex')}`;

const log = (line) => console.log(line);

/** Runs `task(i)` for i in [0, total) with at most `limit` in flight; returns elapsed ms. */
async function drive(total, limit, task) {
  let next = 0;
  const started = performance.now();
  const workers = Array.from({ length: Math.min(limit, total) }, async () => {
    while (next < total) {
      const index = next++;
      await task(index);
    }
  });
  await Promise.all(workers);
  return performance.now() - started;
}

/**
 * Runs the benchmark, prints plain lines and returns the figures (scripts/bench.mjs keeps them in
 * bench-results/latest.json). Without a reachable PostgreSQL it prints why and returns `{ skipped }`.
 */
export async function runLedgerCredits() {
  const results = { concurrency: CONCURRENCY, credits: CREDITS };
  if (!existsSync(join(ROOT, 'apps/api/dist/server.js')) || process.env.BENCH_REBUILD === '1') {
    log('Building the API…');
    const built = spawnSync('npm', ['run', 'build', '-w', '@orchard/api'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('API build failed');
  }

  const name = `orchard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `no PostgreSQL at ${new URL(BASE_URL).host} (${error.message}); set BENCH_DATABASE_URL`;
    log(`ledger-credits: skipped: ${reason}`);
    return { skipped: reason };
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(BASE_URL, name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child;
  let stopServerOnExit;
  const db = new pg.Client({ connectionString: url });
  try {
    child = spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []), join(ROOT, 'apps/api/dist/server.js')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: url,
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'error',
          SEED_DEMO: 'false',
          OPERATOR_EMAIL,
          OPERATOR_PASSWORD,
          PUBLIC_URL: base,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    // If this process ends early (Ctrl-C, a closed pipe, a crash), the server must not outlive it.
    const server = child;
    stopServerOnExit = () => {
      if (server.exitCode === null) server.kill('SIGKILL');
    };
    process.on('exit', stopServerOnExit);
    await waitReady(base, child);
    await db.connect();

    // Setup (not measured): channels, members and open orders written directly.
    await db.query(
      `insert into payment_channels (code, kind, name, min_amount, max_amount) values ('bank', 'bank_transfer', 'Bank', 1, 100000000);
       insert into payment_channels (code, kind, name, payment_url_template, webhook_secret, min_amount, max_amount)
         values ('gw', 'gateway', 'Gateway', 'https://pay.invalid/{orderId}', '${GATEWAY_SECRET}', 1, 100000000);`,
    );
    await db
      .query(
        `insert into users (email, display_name, password_hash, role, invite_code)
       select 'bench' || g || '@orchard.local', 'Bench ' || g, 'x', 'member',
              substr(translate(encode(gen_random_bytes(16), 'base64'), '+/=01OIl', 'ABCDEFGH'), 1, 8)
       from generate_series(1, $1) g`,
        [MEMBERS],
      )
      .catch(async () => {
        // gen_random_bytes needs pgcrypto; fall back to md5 (8 characters from the invite alphabet).
        await db.query(
          `insert into users (email, display_name, password_hash, role, invite_code)
         select 'bench' || g || '@orchard.local', 'Bench ' || g, 'x', 'member', upper(translate(substr(md5(g::text || random()::text), 1, 8), '01', 'AB'))
         from generate_series(1, $1) g`,
          [MEMBERS],
        );
      });
    const total = CREDITS * 2;
    await db.query(
      `insert into recharge_orders (user_id, channel_code, amount, currency, reference, status, created_at, expires_at)
       select u.id, case when g % 2 = 0 then 'bank' else 'gw' end, 1000 + (g % 97), 'USD', 'B' || g, 'submitted', now(), now() + interval '1 day'
       from generate_series(1, $1) g
       join (select id, row_number() over () as n from users where role = 'member') u on u.n = 1 + (g % $2)`,
      [total, MEMBERS],
    );
    const bankOrders = (await db.query(`select id from recharge_orders where channel_code = 'bank' order by reference`)).rows
      .map((row) => row.id)
      .slice(0, CREDITS);
    const gatewayOrders = (
      await db.query(`select id, amount from recharge_orders where channel_code = 'gw' order by reference`)
    ).rows.slice(0, CREDITS);

    const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: OPERATOR_EMAIL, password: OPERATOR_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`operator sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .find((value) => value.startsWith('orchard_session='))
      ?.split(';')[0];
    if (!cookie) throw new Error('no session cookie');

    const statuses = {};
    const count = (status) => (statuses[status] = (statuses[status] ?? 0) + 1);
    // Warm-up (JIT, connection pool).
    await drive(50, CONCURRENCY, async () => {
      await fetch(`${base}/api/v1/wallet`, { headers: { cookie } }).then((response) => response.arrayBuffer());
    });

    const operatorMs = await drive(bankOrders.length, CONCURRENCY, async (i) => {
      const response = await fetch(`${base}/api/v1/admin/recharge/orders/${bankOrders[i]}/credit`, {
        method: 'POST',
        headers: {
          cookie,
          // The cross-site rule: a body-less write names its client, as the web app's do.
          'x-requested-with': 'fetch',
          'idempotency-key': randomUUID(),
          ...(process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {}),
        },
      });
      await response.arrayBuffer();
      count(`operator ${response.status}`);
    });

    const webhookMs = await drive(gatewayOrders.length, CONCURRENCY, async (i) => {
      const order = gatewayOrders[i];
      const body = JSON.stringify({
        id: `evt_${order.id}`,
        type: 'payment.succeeded',
        data: { orderId: order.id, amount: Number(order.amount), currency: 'USD' },
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', GATEWAY_SECRET).update(`${t}.${body}`).digest('hex');
      const response = await fetch(`${base}/api/v1/webhooks/payments/gw`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'orchard-signature': `t=${t},v1=${v1}` },
        body,
      });
      await response.arrayBuffer();
      count(`webhook ${response.status}`);
    });

    const report = await (await fetch(`${base}/api/v1/admin/ledger/report`, { headers: { cookie } })).json();
    const credited = (await db.query(`select count(*)::int as n from recharge_orders where status = 'credited'`)).rows[0].n;
    results.operatorCreditsPerSecond = Math.round(bankOrders.length / (operatorMs / 1000));
    results.webhookCreditsPerSecond = Math.round(gatewayOrders.length / (webhookMs / 1000));
    results.answers = statuses;
    results.ordersCredited = credited;
    results.ledgerOk = report.ok;

    log(
      `ledger-credits: ${bankOrders.length} operator credits over HTTP, concurrency ${CONCURRENCY}: ${(bankOrders.length / (operatorMs / 1000)).toFixed(0)} credits/s (${(operatorMs / bankOrders.length).toFixed(2)} ms each on average)`,
    );
    log(
      `ledger-credits: ${gatewayOrders.length} signed webhook credits over HTTP, concurrency ${CONCURRENCY}: ${(gatewayOrders.length / (webhookMs / 1000)).toFixed(0)} credits/s`,
    );
    log(`ledger-credits: answers ${JSON.stringify(statuses)}; orders credited ${credited}; ledger report ok=${report.ok}`);

    // pgbench: the ledger part of a credit in SQL, on the same tables and triggers.
    const pgbench = findPgbench();
    if (!pgbench) {
      log('ledger-credits: pgbench not found (set PGBENCH); skipped the comparison');
      return results;
    }
    await db.query(
      `create table bench_accounts (n int primary key, account_id bigint not null);
       insert into bench_accounts select row_number() over (order by id), id from ledger_accounts where type = 'member_available';
       create table bench_hot_platform (id int primary key, balance bigint not null);
       insert into bench_hot_platform values (1, 0);`,
    );
    const accounts = (await db.query('select count(*)::int as n from bench_accounts')).rows[0].n;
    const cash = (await db.query(`select id from ledger_accounts where type = 'platform_cash'`)).rows[0].id;
    const dir = mkdtempSync(join(tmpdir(), 'orchard-pgbench-'));
    const credit = `\\set n random(1, ${accounts})
BEGIN;
SELECT account_id AS acct FROM bench_accounts WHERE n = :n \\gset
INSERT INTO ledger_transactions (kind, memo, created_at) VALUES ('recharge', 'pgbench', now()) RETURNING id AS tx \\gset
UPDATE ledger_accounts SET balance = balance + 100 WHERE id = :acct AND balance + 100 <= 1000000000000000 RETURNING balance AS bal \\gset
INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at) VALUES (:tx, :acct, 100, :bal, now()), (:tx, ${cash}, -100, NULL, now());
COMMIT;
`;
    const hot = credit.replace('COMMIT;', 'UPDATE bench_hot_platform SET balance = balance - 100 WHERE id = 1;\nCOMMIT;');
    writeFileSync(join(dir, 'credit.sql'), credit);
    writeFileSync(join(dir, 'hot.sql'), hot);
    const runPgbench = (file) => {
      const result = spawnSync(
        pgbench,
        ['-n', '-c', String(CONCURRENCY), '-j', '2', '-T', String(PGBENCH_SECONDS), '-f', join(dir, file), url],
        { encoding: 'utf8' },
      );
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1];
      if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
      const failed = /number of failed transactions: (\d+)/.exec(result.stdout)?.[1] ?? '0';
      return { tps: Number(tps).toFixed(0), failed };
    };
    const plain = runPgbench('credit.sql');
    log(
      `ledger-credits: pgbench, same ledger transaction in SQL (platform balance derived from entries), ${CONCURRENCY} clients, ${PGBENCH_SECONDS}s: ${plain.tps} tps (failed ${plain.failed})`,
    );
    results.pgbenchTps = Number(plain.tps);
    const contended = runPgbench('hot.sql');
    results.pgbenchHotPlatformRowTps = Number(contended.tps);
    log(
      `ledger-credits: pgbench, plus one hot platform balance row updated per transaction: ${contended.tps} tps (failed ${contended.failed})`,
    );
    rmSync(dir, { recursive: true, force: true });
    const after = await (await fetch(`${base}/api/v1/admin/ledger/report`, { headers: { cookie } })).json();
    log(`ledger-credits: ledger report after pgbench ok=${after.ok} (transactions ${after.transactionCount})`);
    results.ledgerOkAfterPgbench = after.ok;
    return results;
  } finally {
    if (stopServerOnExit) process.off('exit', stopServerOnExit);
    await db.end().catch(() => {});
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    const cleanup = new pg.Client({ connectionString: BASE_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // A closed pipe (`| head`) must not end the run before it has stopped its server and dropped its database.
  process.stdout.on('error', () => {});
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));
  runLedgerCredits().catch((error) => {
    console.error(`ledger-credits: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
