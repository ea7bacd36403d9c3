#!/usr/bin/env node
// Operator credits per second through the HTTP API on PostgreSQL, against pgbench sending the very
// database call the server sends (recharge_credit, apps/api/src/modules/recharge/sql/recharge_credit.sql). Goal: API ≥ 0.6 × pgbench.
//
//   node scripts/bench/ledger-credits.mjs [--quick]
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// names a server; a fresh database is created beside it and dropped afterwards. BENCH_CONCURRENCY (16),
// BENCH_CREDIT_SECONDS (10; 3 with --quick), PGBENCH (path to pgbench).
//
// Setup (not measured): members, payment channels and submitted recharge orders written directly;
// the operator signs in through the API. Measured: 16 clients, each with one request in flight on its
// own raw keep-alive connection (support.mjs rawConnection), credit orders of their own share
// (`POST /api/v1/admin/recharge/orders/:id/credit`, a new Idempotency-Key each) for a fixed time;
// credits/s = 200 answers / elapsed. Orders of different clients belong to different members, so no
// two requests in flight touch the same balance row. pgbench: the same 16 clients, each crediting
// its own orders by one statement, `select … from recharge_credit(order, actor, …)`, the server's
// call with the same arguments; a second run adds the session read every HTTP request also makes.
// Then signed gateway webhooks credit orders over HTTP (the other path into the same function).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../lib.mjs';
import { findPgbench, httpClient, proveConsoleFactor, rawConnection, sessionCookieOf, startBenchServer } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const GOAL = 0.6;
const OPERATOR_EMAIL = 'bench-operator@orchard.local';
const OPERATOR_PASSWORD = `bench-${randomBytes(8).toString('hex')}`;
const GATEWAY_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
// The server's default limits (AMOUNT_MAX_MINOR, BALANCE_MAX_MINOR), passed as it passes them.
const AMOUNT_MAX = 1_000_000_000_000;
const BALANCE_MAX = 1_000_000_000_000_000;
// Orders per client and run: more than any client gets through in the measured time.
const ORDERS_PER_CLIENT = 4_000;

const log = (line) => console.log(`ledger-credits: ${line}`);
const percentile = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]);

async function settle(db) {
  await db.query('vacuum analyze');
  await db.query('checkpoint');
}

/** pgbench: client c credits orders n = run·C·P + k·C + c in turn (k counts its transactions). */
function pgbenchCreditScript({ run, operatorId, requestOverhead }) {
  const actor = JSON.stringify({ operatorId, ip: '127.0.0.1', requestId: 'pgbench' });
  const lines = ['\\set k :k + 1', `\\set n ${run * CONCURRENCY * ORDERS_PER_CLIENT} + :k * ${CONCURRENCY} + :client_id`];
  if (requestOverhead) {
    lines.push(
      `SELECT s.id, s.user_id, s.last_seen_at, s.expires_at, u.role, u.status FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.token_hash = (SELECT token_hash FROM bench_operator) AND s.revoked_at IS NULL;`,
    );
  }
  lines.push(
    `SELECT r.replayed, r.recharge_order, r.channel FROM bench_orders o, recharge_credit(o.id, '${actor}'::jsonb, NULL, NULL, 'pgb-' || :n::text, now(), ${AMOUNT_MAX}::bigint, ${BALANCE_MAX}::bigint) r WHERE o.n = :n;`,
  );
  return `${lines.join('\n')}\n`;
}

async function runPgbench(pgbench, url, file, seconds) {
  const bench = spawn(
    pgbench,
    ['-n', '-M', 'extended', '-c', String(CONCURRENCY), '-j', '2', '-T', String(seconds), '-D', 'k=-1', '-f', file, url],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  bench.stdout.on('data', (chunk) => (stdout += chunk));
  bench.stderr.on('data', (chunk) => (stderr += chunk));
  const guard = setTimeout(() => bench.kill('SIGKILL'), (seconds + 60) * 1000);
  const status = await new Promise((resolve) => bench.once('close', resolve));
  clearTimeout(guard);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  if (!tps || status !== 0 || /aborted/.test(stderr))
    throw new Error(`pgbench failed: ${(stderr || stdout).split('\n').slice(0, 5).join(' | ')}`);
  return { tps: Number(tps), latency: Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? 0) };
}

/**
 * Runs the benchmark, prints plain lines and returns the figures (scripts/bench.mjs keeps them in
 * bench-results/latest.json as `ledgerCredits`). Without a reachable PostgreSQL it prints why and
 * returns `{ skipped }`. A ratio under the goal is reported, never an error.
 */
export async function runLedgerCredits({ quick = false } = {}) {
  const seconds = Number(process.env.BENCH_CREDIT_SECONDS || (quick ? 3 : 10));
  const results = { concurrency: CONCURRENCY, seconds, goalRatio: GOAL, loadAverage1m: Number(loadavg()[0].toFixed(1)) };
  ensureBuilt({ force: process.env.BENCH_REBUILD === '1' });
  const server = await startBenchServer({
    root: ROOT,
    baseUrl: BASE_URL,
    prefix: 'orchard_bench_credits',
    env: { OPERATOR_EMAIL, OPERATOR_PASSWORD, LOG_LEVEL: 'error' },
  });
  if (server.skipped) {
    log(`skipped: ${server.skipped}`);
    return { skipped: server.skipped };
  }
  const { url, base } = server;
  const db = new pg.Client({ connectionString: url });
  const client = httpClient(base, { maxSockets: CONCURRENCY + 4 });
  const dir = mkdtempSync(join(tmpdir(), 'orchard-credits-'));
  try {
    await db.connect();
    // ------------------------------------------------------------ setup (not measured)
    await db.query(
      `insert into payment_channels (code, kind, name, min_amount, max_amount) values ('bank', 'bank_transfer', 'Bank', 1, 100000000);
       insert into payment_channels (code, kind, name, payment_url_template, webhook_secret, min_amount, max_amount)
         values ('gw', 'gateway', 'Gateway', 'https://pay.invalid/{orderId}', '${GATEWAY_SECRET}', 1, 100000000);
       insert into users (email, display_name, password_hash, role, invite_code)
         select 'bench' || g || '@orchard.local', 'Bench ' || g, 'x', 'member', 'C' || lpad(g::text, 7, '0')
         from generate_series(0, ${CONCURRENCY - 1}) g;`,
    );
    // Three runs (API, pgbench, pgbench + session read) of C·P bank orders each, then webhook orders.
    // Order n belongs to member n mod C: client c only ever credits member c.
    const bankOrders = 3 * CONCURRENCY * ORDERS_PER_CLIENT;
    const webhookOrders = quick ? 500 : 2_000;
    await db.query('create table bench_orders (n int primary key, id uuid not null)');
    await db.query(
      `with made as (
         insert into recharge_orders (user_id, channel_code, amount, currency, reference, status, created_at, expires_at)
         select u.id, case when g < $1::int then 'bank' else 'gw' end, 1000 + (g % 97), 'USD', 'B' || g, 'awaiting_payment', now(), now() + interval '1 day'
           from generate_series(0, $1::int + $2::int - 1) g
           join users u on u.email = 'bench' || (g % ${CONCURRENCY}) || '@orchard.local'
         returning id, reference)
       insert into bench_orders select substr(reference, 2)::int, id from made;`,
      [bankOrders, webhookOrders],
    );
    // A new order starts awaiting payment (state_transitions, migration 1110); the member submitted them all.
    await db.query(`update recharge_orders set status = 'submitted', submitted_at = now() where id in (select id from bench_orders)`);
    const signIn = await client.call('POST', '/api/v1/auth/sign-in', { body: { account: OPERATOR_EMAIL, password: OPERATOR_PASSWORD } });
    if (signIn.status !== 200) throw new Error(`operator sign-in failed: ${signIn.status} ${signIn.text}`);
    const cookie = sessionCookieOf(signIn.headers);
    await proveConsoleFactor(client.call, cookie);
    const operatorId = (await db.query(`select id from users where email = $1`, [OPERATOR_EMAIL])).rows[0].id;
    await db.query(
      `create table bench_operator as select token_hash from sessions where user_id = $1 and revoked_at is null order by created_at desc limit 1`,
      [operatorId],
    );
    const orderIds = (await db.query(`select n, id from bench_orders order by n`)).rows.map((row) => row.id);

    // ------------------------------------------------------------ measured: credits over HTTP
    const connections = await Promise.all(Array.from({ length: CONCURRENCY }, () => rawConnection(base)));
    // Warm-up: a few credits per connection from the end of the API run's share.
    await Promise.all(
      connections.map(async (connection, c) => {
        for (let k = ORDERS_PER_CLIENT - 5; k < ORDERS_PER_CLIENT; k++) {
          await connection.send('POST', `/api/v1/admin/recharge/orders/${orderIds[k * CONCURRENCY + c]}/credit`, {
            cookie,
            'x-requested-with': 'fetch',
            'idempotency-key': randomUUID(),
          });
        }
      }),
    );
    await settle(db);
    const statuses = {};
    const latencies = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      connections.map(async (connection, c) => {
        for (let k = 0; k < ORDERS_PER_CLIENT - 5 && performance.now() < deadline; k++) {
          const t0 = performance.now();
          const status = await connection
            .send('POST', `/api/v1/admin/recharge/orders/${orderIds[k * CONCURRENCY + c]}/credit`, {
              cookie,
              // The cross-site rule: a body-less write names its client, as the web app's do.
              'x-requested-with': 'fetch',
              'idempotency-key': randomUUID(),
            })
            .then(
              (answer) => answer.status,
              (error) => (error?.name === 'TimeoutError' ? 'timeout' : 'error'),
            );
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    for (const connection of connections) connection.close();
    latencies.sort((a, b) => a - b);
    const perSecond = (statuses[200] ?? 0) / elapsed;
    results.apiCreditsPerSecond = Math.round(perSecond);
    results.apiAnswers = statuses;
    results.apiLatencyMs = { p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)) };
    log(
      `${statuses[200] ?? 0} operator credits over HTTP in ${elapsed.toFixed(1)} s, ${CONCURRENCY} in flight: ${perSecond.toFixed(0)}/s, answers ${JSON.stringify(statuses)}, p50 ${results.apiLatencyMs.p50} ms, p99 ${results.apiLatencyMs.p99} ms`,
    );

    // ------------------------------------------------------------ pgbench: the same call
    const pgbench = findPgbench();
    if (pgbench) {
      writeFileSync(join(dir, 'credit.sql'), pgbenchCreditScript({ run: 1, operatorId, requestOverhead: false }));
      writeFileSync(join(dir, 'credit-request.sql'), pgbenchCreditScript({ run: 2, operatorId, requestOverhead: true }));
      await settle(db);
      const plain = await runPgbench(pgbench, url, join(dir, 'credit.sql'), seconds);
      await settle(db);
      const withRequest = await runPgbench(pgbench, url, join(dir, 'credit-request.sql'), seconds);
      results.pgbenchTps = Math.round(plain.tps);
      results.pgbenchWithSessionReadTps = Math.round(withRequest.tps);
      results.ratio = Number((perSecond / plain.tps).toFixed(2));
      results.ratioWithSessionRead = Number((perSecond / withRequest.tps).toFixed(2));
      results.goalMet = results.ratio >= GOAL;
      log(
        `pgbench, the same call of recharge_credit (-M extended, ${CONCURRENCY} clients, ${seconds} s): ${plain.tps.toFixed(0)} tps, latency ${plain.latency} ms`,
      );
      log(`pgbench, plus the session read: ${withRequest.tps.toFixed(0)} tps, latency ${withRequest.latency} ms`);
    } else {
      log('pgbench not found (set PGBENCH); skipped the comparison');
    }

    // ------------------------------------------------------------ signed gateway webhooks over HTTP
    const gateway = (await db.query(`select id, amount from recharge_orders where channel_code = 'gw' order by reference`)).rows;
    const hooks = await Promise.all(Array.from({ length: CONCURRENCY }, () => rawConnection(base)));
    const hookStatuses = {};
    const hookStarted = performance.now();
    await Promise.all(
      hooks.map(async (connection, c) => {
        for (let i = c; i < gateway.length; i += CONCURRENCY) {
          const order = gateway[i];
          const body = JSON.stringify({
            id: `evt_${order.id}`,
            type: 'payment.succeeded',
            data: { orderId: order.id, amount: Number(order.amount), currency: 'USD' },
          });
          const t = Math.floor(Date.now() / 1000);
          const v1 = createHmac('sha256', GATEWAY_SECRET).update(`${t}.${body}`).digest('hex');
          const { status } = await connection.send(
            'POST',
            '/api/v1/webhooks/payments/gw',
            { 'content-type': 'application/json', 'orchard-signature': `t=${t},v1=${v1}` },
            body,
          );
          hookStatuses[status] = (hookStatuses[status] ?? 0) + 1;
        }
      }),
    );
    for (const connection of hooks) connection.close();
    results.webhookCreditsPerSecond = Math.round(gateway.length / ((performance.now() - hookStarted) / 1000));
    log(
      `${gateway.length} signed gateway webhooks over HTTP: ${results.webhookCreditsPerSecond}/s, answers ${JSON.stringify(hookStatuses)}`,
    );

    const report = JSON.parse((await client.call('GET', '/api/v1/admin/ledger/report', { cookie })).text);
    results.ledgerOk = report.ok;
    const credited = (await db.query(`select count(*)::int as n from recharge_orders where status = 'credited'`)).rows[0].n;
    log(`after all runs: ${credited} orders credited; ledger report ok=${report.ok}`);
    if (results.ratio !== undefined) {
      console.log(
        `credits/s via API ÷ pgbench of the same call: ${results.apiCreditsPerSecond}/${results.pgbenchTps} = ${results.ratio} (goal >= ${GOAL}: ${results.goalMet ? 'pass' : 'FAIL'})`,
      );
    }
    return results;
  } finally {
    client.close();
    await db.end().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // A closed pipe (`| head`) must not end the run before it has stopped its server and dropped its database.
  process.stdout.on('error', () => {});
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => process.exit(130));
  runLedgerCredits({ quick: process.argv.includes('--quick') }).catch((error) => {
    console.error(`ledger-credits: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
