#!/usr/bin/env node
// Plan purchases per second through the HTTP API on PostgreSQL, beside pgbench running the same
// database transaction in plain SQL on the same tables, triggers and rows. Standalone:
//
//   node scripts/bench/purchases.mjs
//   BENCH_PURCHASES_PROFILE=1 node scripts/bench/purchases.mjs   # plus queries and CPU per purchase
//
// Environment: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
// names a server and a database for admin work; a fresh database `orchard_bench_purchases_<hex>` is
// created beside it and dropped afterwards. BENCH_CONCURRENCY (16), BENCH_PURCHASE_SECONDS (10),
// BENCH_CHAIN_LENGTH (16), PGBENCH (path to pgbench), BENCH_REBUILD=1 (build the API first),
// BENCH_API_SERVER (another server.js to measure, e.g. a prototype build), BENCH_NODE_ARGS (for it, e.g. --cpu-prof).
//
// Members: BENCH_CONCURRENCY referral chains of BENCH_CHAIN_LENGTH members each (member k of a chain
// was invited by member k-1), written to the database with one argon2 hash of a known password and
// signed in through the API. Each is funded by an operator adjustment and buys the plan once before
// the measurement, so every upline has an active plan and all three commission levels pay.
// Measured: one client per chain, each buying (POST /api/v1/plans/:id/purchase, a new
// Idempotency-Key each time) for members 4…L of its chain in turn, one request in flight per client,
// for a fixed time. Chains share no member, so no two requests in flight touch the same balance.
// pgbench: one client per chain too (:client_id), a random member 4…L of it per transaction.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hash as argon2Hash } from '@node-rs/argon2';
import pg from 'pg';
import { ensureBuilt } from '../lib.mjs';
import { findPgbench, freePort, waitReady, withDatabase } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// BENCH_API_SERVER: another build of the API to measure (a prototype); not rebuilt.
const SERVER = process.env.BENCH_API_SERVER || join(ROOT, 'apps/api/dist/server.js');
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS || 10);
const CHAIN_LENGTH = Math.max(5, Number(process.env.BENCH_CHAIN_LENGTH || 16));
const PROFILE = process.env.BENCH_PURCHASES_PROFILE === '1' || process.argv.includes('--profile');
const GOAL = 0.6;
const PRICE = 1000;
const FUNDING = 100_000_000;
const OPERATOR_EMAIL = 'bench-operator@orchard.local';
const OPERATOR_PASSWORD = `bench-${randomBytes(8).toString('hex')}`;
const MEMBER_PASSWORD = `bench-member-${randomBytes(6).toString('hex')}`;
// apps/api/src/lib/password.ts: argon2id, m=19 MiB, t=2, p=1.
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
// apps/api/src/modules/plans/repository.ts (lockPurchaseKey).
const PURCHASE_KEY_LOCK_SPACE = 727_274_501;

const log = (line) => console.log(`purchases: ${line}`);

/** Runs `task(item)` for every item with at most `limit` in flight. */
async function forEachLimited(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++];
        await task(item);
      }
    }),
  );
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

/**
 * A preload for the server (profile mode only): counts the queries each pg client sends, by SQL
 * text, and writes the counts to a file on SIGUSR2.
 */
const QUERY_COUNTER = `import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const require = createRequire(process.env.BENCH_QUERY_COUNT_FROM);
const pg = require('pg');
const counts = new Map();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config && config.text;
  if (typeof text === 'string') counts.set(text, (counts.get(text) ?? 0) + 1);
  return original.call(this, config, values, callback);
};
process.on('SIGUSR2', () => writeFileSync(process.env.BENCH_QUERY_COUNT_FILE, JSON.stringify([...counts])));
`;

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function cpuOf(db, name, serverPid) {
  const backends = (await db.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])).rows;
  const postgres = backends.reduce((sum, row) => sum + (cpuSeconds(row.pid) ?? 0), 0);
  return { server: cpuSeconds(serverPid), postgres, client: process.cpuUsage() };
}

async function queryCounts(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return new Map(JSON.parse(readFileSync(file, 'utf8')));
}

/** The pgbench script: one purchase as the service runs it, statement by statement (see docs/performance.md). */
export function pgbenchPurchaseScript({ chains, chainLength, plan, platform, levels, holdDays, requestOverhead }) {
  const { id: planId, name: planName, currency, durationDays } = plan;
  const commissionTotal = levels.reduce((sum, level) => sum + level.amount, 0);
  const buyers = chainLength - 3;
  const lines = [`\\set n (:client_id % ${chains}) * ${buyers} + random(1, ${buyers})`, '\\set k :k + 1'];
  if (requestOverhead) {
    // What every HTTP purchase also runs outside its transaction: the session read and the idempotency claim.
    lines.push(
      `SELECT s.id, s.user_id, s.last_seen_at, s.expires_at, u.role, u.status FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.token_hash = (SELECT token_hash FROM bench_members WHERE n = :n) AND s.revoked_at IS NULL;`,
      `INSERT INTO idempotency_keys (scope, key, request_hash, state, response_status, response_body, response_type, created_at, locked_at, expires_at) SELECT user_id::text, 'pgb-' || :run::text || '-' || :client_id::text || '-' || :k::text, md5(:k::text), 'running', NULL, NULL, NULL, now(), now(), now() + interval '24 hours' FROM bench_members WHERE n = :n ON CONFLICT DO NOTHING RETURNING key;`,
    );
  }
  lines.push(
    'BEGIN;',
    // lockPurchaseKey (the lookup of the member's ids rides along: the API knows them from its session).
    `SELECT m.user_id AS uid, m.up1, m.up2, m.up3, m.a1, m.d1, m.a2, m.d2, m.a3, m.d3, m.a4, m.d4, 'pgb-' || :run::text || '-' || :client_id::text || '-' || :k::text AS rk, gen_random_uuid() AS pid, pg_advisory_xact_lock(${PURCHASE_KEY_LOCK_SPACE}, hashtext(m.user_id::text || ':' || 'pgb-' || :run::text || '-' || :client_id::text || '-' || :k::text)) FROM bench_members m WHERE m.n = :n \\gset`,
    // findPurchaseByKey
    `SELECT id, user_id, plan_id, request_key, plan_name, duration_days, currency, price, discount, paid, coupon_id, coupon_code, starts_at, ends_at, status, refunded_at, refund_reason, refunded_by, ledger_transaction_id, refund_transaction_id, created_at FROM purchases WHERE (user_id = :uid AND request_key = :rk);`,
    // findPlan
    `SELECT id, name, description, benefits, price, currency, duration_days, badge, per_member_limit, stock, sale_starts_at, sale_ends_at, active, sort_order, created_at, updated_at FROM plans WHERE id = '${planId}';`,
    // countMemberPurchase (no per-member limit)
    `INSERT INTO plan_member_counts (plan_id, user_id, bought) VALUES ('${planId}', :uid, 1) ON CONFLICT (plan_id, user_id) DO UPDATE SET bought = plan_member_counts.bought + 1 WHERE NULL::int IS NULL OR plan_member_counts.bought < NULL::int RETURNING bought;`,
    // readSettings
    'SELECT id, level1_bp, level2_bp, level3_bp, cap_bp, require_active_plan, hold_days, refund_window_days, updated_at, updated_by FROM referral_settings;',
    // findUplines
    `WITH RECURSIVE chain(level, id) AS (SELECT 1, referrer_id FROM users WHERE id = :uid AND referrer_id IS NOT NULL UNION ALL SELECT chain.level + 1, u.referrer_id FROM chain JOIN users u ON u.id = chain.id WHERE chain.level < 3 AND u.referrer_id IS NOT NULL) SELECT chain.level, u.id, u.status, EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = u.id AND p.status = 'active' AND p.starts_at <= now() AND p.ends_at > now()) AS has_active_plan FROM chain JOIN users u ON u.id = chain.id ORDER BY chain.level;`,
    // resolveAccounts
    `SELECT id, type, owner_id FROM ledger_accounts WHERE (currency = '${currency}' AND (owner_id = :uid OR (owner_id IS NULL AND type IN ('platform_plan_revenue', 'platform_promotions_expense', 'platform_commission_expense'))));`,
    // ensureMemberAccounts of each paying upline
    `SELECT id, type FROM ledger_accounts WHERE (owner_id = :up1 AND currency = '${currency}');`,
    `SELECT id, type FROM ledger_accounts WHERE (owner_id = :up2 AND currency = '${currency}');`,
    `SELECT id, type FROM ledger_accounts WHERE (owner_id = :up3 AND currency = '${currency}');`,
    // postTransaction: the transaction row, the accounts' kinds, the member balances in ascending id order, the entries.
    `INSERT INTO ledger_transactions (kind, idempotency_key, memo, refs, reverses_id, created_at) VALUES ('plan_purchase', 'purchase:' || :pid::text, 'Plan: ${planName}', jsonb_build_object('purchaseId', :pid::text, 'planId', '${planId}'), NULL, now()) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id AS tx \\gset`,
    `SELECT id, type, balance IS NOT NULL FROM ledger_accounts WHERE id IN (${platform.revenue}, ${platform.commission}, :a1, :a2, :a3, :a4);`,
  );
  for (let i = 1; i <= 4; i++) {
    lines.push(
      `UPDATE ledger_accounts SET balance = balance + :d${i} WHERE (id = :a${i} AND balance + :d${i} BETWEEN 0 AND 1000000000000000) RETURNING balance AS b${i} \\gset`,
    );
  }
  lines.push(
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after, created_at) VALUES (:tx, ${platform.revenue}, ${PRICE}, NULL, now()), (:tx, ${platform.commission}, -${commissionTotal}, NULL, now()), (:tx, :a1, :d1, :b1, now()), (:tx, :a2, :d2, :b2, now()), (:tx, :a3, :d3, :b3, now()), (:tx, :a4, :d4, :b4, now());`,
    // insertPurchase
    `INSERT INTO purchases (id, user_id, plan_id, request_key, plan_name, duration_days, currency, price, discount, paid, coupon_id, coupon_code, starts_at, ends_at, status, refunded_at, refund_reason, refunded_by, ledger_transaction_id, refund_transaction_id, created_at) VALUES (:pid, :uid, '${planId}', :rk, '${planName}', ${durationDays}, '${currency}', ${PRICE}, 0, ${PRICE}, NULL, NULL, now(), now() + interval '${durationDays} days', 'active', NULL, NULL, NULL, :tx, NULL, now()) RETURNING *;`,
    // insertCommissions (hold_days 7: pending, released later)
    `INSERT INTO commissions (id, purchase_id, level, beneficiary_id, rate_bp, amount, status, skip_reason, release_at, released_at, reversed_at, created_at) VALUES ${levels
      .map(
        (line) =>
          `(DEFAULT, :pid, ${line.level}, :up${line.level}, ${line.rateBp}, ${line.amount}, 'pending', NULL, now() + interval '${holdDays} days', NULL, NULL, now())`,
      )
      .join(', ')} RETURNING *;`,
    'COMMIT;',
  );
  if (requestOverhead) {
    // The idempotency plugin's onSend: the answer stored under the key.
    lines.push(
      `UPDATE idempotency_keys SET state = 'done', response_status = 201, response_body = repeat('x', 420), response_type = 'application/json; charset=utf-8' WHERE (scope = :uid::text AND key = :rk);`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs the benchmark, prints plain lines and returns the figures (scripts/bench.mjs keeps them in
 * bench-results/latest.json as `purchases`). Without a reachable PostgreSQL it prints why and
 * returns `{ skipped }`. A ratio under the goal is reported, never an error.
 */
export async function runPurchases() {
  // Other work on the machine moves both figures; the load average at the start is kept beside them.
  const results = {
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    chainLength: CHAIN_LENGTH,
    goalRatio: GOAL,
    loadAverage1m: Number(loadavg()[0].toFixed(1)),
  };
  if (!process.env.BENCH_API_SERVER) ensureBuilt({ force: process.env.BENCH_REBUILD === '1' });

  const name = `orchard_bench_purchases_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `no PostgreSQL at ${new URL(BASE_URL).host} (${error.message}); set BENCH_DATABASE_URL`;
    log(`skipped: ${reason}`);
    return { skipped: reason };
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(BASE_URL, name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'orchard-bench-purchases-'));
  const countFile = join(dir, 'query-counts.json');
  let child;
  let stopServerOnExit;
  const db = new pg.Client({ connectionString: url });
  try {
    const preload = [];
    if (PROFILE) {
      writeFileSync(join(dir, 'count-queries.mjs'), QUERY_COUNTER);
      preload.push('--import', pathToFileURL(join(dir, 'count-queries.mjs')).href);
    }
    const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
    child = spawn(process.execPath, [...nodeArgs, ...preload, SERVER], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        OPERATOR_EMAIL,
        OPERATOR_PASSWORD,
        PUBLIC_URL: base,
        BENCH_QUERY_COUNT_FROM: SERVER,
        BENCH_QUERY_COUNT_FILE: countFile,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // If this process ends early (Ctrl-C, a closed pipe, a crash), the server must not outlive it.
    const server = child;
    stopServerOnExit = () => {
      if (server.exitCode === null) server.kill('SIGKILL');
    };
    process.on('exit', stopServerOnExit);
    const [passwordHash] = await Promise.all([argon2Hash(MEMBER_PASSWORD, ARGON2_OPTIONS), waitReady(base, child)]);
    await db.connect();

    const call = async (method, path, { cookie, body, key } = {}) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // A server that stops answering ends the run instead of hanging it.
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      return { status: response.status, text, response };
    };
    const signIn = async (account, password) => {
      const { status, text, response } = await call('POST', '/api/v1/auth/sign-in', { body: { account, password } });
      if (status !== 200) throw new Error(`sign-in of ${account} failed: ${status} ${text}`);
      const cookie = response.headers
        .getSetCookie()
        .find((value) => value.startsWith('orchard_session='))
        ?.split(';')[0];
      if (!cookie) throw new Error('no session cookie');
      return cookie;
    };

    // ---------------------------------------------------------------- setup (not measured)
    const setupStarted = performance.now();
    const operator = await signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    const created = await call('POST', '/api/v1/admin/plans', {
      cookie: operator,
      body: { name: 'Bench plan', price: PRICE, durationDays: 30 },
    });
    if (created.status !== 201) throw new Error(`plan creation failed: ${created.status} ${created.text}`);
    const plan = JSON.parse(created.text);

    // Chains: member k of chain c was invited by member k-1 of it.
    const members = [];
    for (let c = 0; c < CONCURRENCY; c++) {
      for (let k = 0; k < CHAIN_LENGTH; k++) {
        members.push({
          chain: c,
          position: k,
          id: randomUUID(),
          email: `bench-${c}-${k}@orchard.local`,
          inviteCode: `B${String(c * CHAIN_LENGTH + k).padStart(7, '0')}`,
        });
      }
    }
    for (const member of members) member.referrerId = member.position === 0 ? null : members[members.indexOf(member) - 1].id;
    await db.query(
      `insert into users (id, email, display_name, password_hash, role, invite_code, referrer_id)
       select id, email, 'Bench member', $2, 'member', invite_code, referrer_id
       from jsonb_to_recordset($1::jsonb) as m(id uuid, email text, invite_code text, referrer_id uuid)`,
      [
        JSON.stringify(members.map((m) => ({ id: m.id, email: m.email, invite_code: m.inviteCode, referrer_id: m.referrerId }))),
        passwordHash,
      ],
    );
    // Through the API: sign-in (argon2 verify, so only a few at once), funding, a first purchase each.
    const phases = {};
    let phaseStarted = performance.now();
    const phase = (label) => {
      phases[label] = Number(((performance.now() - phaseStarted) / 1000).toFixed(1));
      phaseStarted = performance.now();
    };
    await forEachLimited(members, 4, async (member) => {
      member.cookie = await signIn(member.email, MEMBER_PASSWORD);
    });
    phase('signIn');
    await forEachLimited(members, 8, async (member) => {
      const funded = await call('POST', `/api/v1/admin/members/${member.id}/adjustments`, {
        cookie: operator,
        key: randomUUID(),
        body: { direction: 'credit', amount: FUNDING, reason: 'Bench funding' },
      });
      if (funded.status !== 201) throw new Error(`funding failed: ${funded.status} ${funded.text}`);
    });
    phase('funding');
    const buy = (member) => call('POST', `/api/v1/plans/${plan.id}/purchase`, { cookie: member.cookie, key: randomUUID(), body: {} });
    const chains = Array.from({ length: CONCURRENCY }, (_, c) => members.filter((m) => m.chain === c));
    // Everyone buys once (uplines first), so every upline has an active plan; this also warms the server up.
    await Promise.all(
      chains.map(async (chain) => {
        for (const member of chain) {
          const bought = await buy(member);
          if (bought.status !== 201) throw new Error(`first purchase failed: ${bought.status} ${bought.text}`);
        }
      }),
    );
    phase('firstPurchases');
    log(
      `setup (load average ${results.loadAverage1m}): ${members.length} members in ${CONCURRENCY} referral chains of ${CHAIN_LENGTH}, signed in, funded and one purchase each in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (${JSON.stringify(phases)})`,
    );

    // ---------------------------------------------------------------- measured: purchases over HTTP
    const statuses = {};
    const latencies = [];
    const before = PROFILE ? await queryCounts(child, countFile) : null;
    const cpuBefore = PROFILE ? await cpuOf(db, name, child.pid) : null;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      chains.map(async (chain) => {
        const buyers = chain.slice(3);
        for (let i = 0; performance.now() < deadline && i < 1_000_000; i++) {
          const t0 = performance.now();
          const status = await buy(buyers[i % buyers.length]).then(
            (answer) => answer.status,
            (error) => (error?.name === 'TimeoutError' ? 'timeout' : 'error'),
          );
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpuAfter = PROFILE ? await cpuOf(db, name, child.pid) : null;
    const after = PROFILE ? await queryCounts(child, countFile) : null;
    const ok = statuses[201] ?? 0;
    const perSecond = ok / elapsed;
    latencies.sort((a, b) => a - b);
    results.apiPurchasesPerSecond = Math.round(perSecond);
    results.apiPurchases = ok;
    results.apiAnswers = statuses;
    results.apiLatencyMs = { p50: Number(percentile(latencies, 50).toFixed(1)), p99: Number(percentile(latencies, 99).toFixed(1)) };
    log(
      `${ok} purchases over HTTP in ${elapsed.toFixed(1)} s, ${CONCURRENCY} in flight: answers ${JSON.stringify(statuses)}, latency p50 ${results.apiLatencyMs.p50} ms, p99 ${results.apiLatencyMs.p99} ms`,
    );

    if (PROFILE) {
      // Queries the server sent during the measurement, per purchase (session read and idempotency included).
      const rows = [];
      let total = 0;
      for (const [text, count] of after) {
        const delta = count - (before.get(text) ?? 0);
        if (delta > 0) rows.push([text, delta]);
        total += delta;
      }
      rows.sort((a, b) => b[1] - a[1]);
      const perPurchaseMs = (seconds) => Number(((seconds * 1000) / Math.max(1, ok)).toFixed(2));
      const clientCpu = process.cpuUsage(cpuBefore.client);
      results.profile = {
        queriesPerPurchase: Number((total / Math.max(1, ok)).toFixed(2)),
        cpuMsPerPurchase: {
          server: cpuAfter.server === null ? null : perPurchaseMs(cpuAfter.server - cpuBefore.server),
          postgresBackends: perPurchaseMs(cpuAfter.postgres - cpuBefore.postgres),
          loadGenerator: perPurchaseMs((clientCpu.user + clientCpu.system) / 1e6),
        },
        serverCpuShareOfOneCore: cpuAfter.server === null ? null : Number(((cpuAfter.server - cpuBefore.server) / elapsed).toFixed(2)),
      };
      log(
        `profile: CPU per purchase: server ${results.profile.cpuMsPerPurchase.server} ms, PostgreSQL backends ${results.profile.cpuMsPerPurchase.postgresBackends} ms, load generator ${results.profile.cpuMsPerPurchase.loadGenerator} ms; the server used ${results.profile.serverCpuShareOfOneCore} of one core`,
      );
      log(`profile: ${results.profile.queriesPerPurchase} queries (round trips to PostgreSQL) per purchase over HTTP:`);
      for (const [text, count] of rows) {
        log(`  ${(count / Math.max(1, ok)).toFixed(2)} × ${text.replace(/\s+/g, ' ').slice(0, 150)}`);
      }
    }

    // Setup purchases of the first three members of each chain skip the levels they have no upline for
    // (3 + 2 + 1 per chain); every other purchase pays all three levels.
    const check = (
      await db.query(
        `select (select count(*)::int from purchases) as purchases,
                (select count(*)::int from commissions where status = 'pending') as pending,
                (select count(*)::int from commissions where status = 'skipped') as skipped`,
      )
    ).rows[0];
    const allPaid = check.skipped === 6 * CONCURRENCY && check.pending === 3 * check.purchases - check.skipped;
    const report = JSON.parse((await call('GET', '/api/v1/admin/ledger/report', { cookie: operator })).text);
    log(
      `after the API run: ${check.purchases} purchases, ${check.pending} pending commissions, ${check.skipped} skipped (every measured purchase paid three levels: ${allPaid ? 'yes' : 'NO'}); ledger report ok=${report.ok}`,
    );
    results.allMeasuredPurchasesPaidThreeLevels = allPaid;
    results.ledgerOkAfterApi = report.ok;

    // ---------------------------------------------------------------- pgbench: the same transaction in SQL
    const pgbench = findPgbench();
    if (!pgbench) {
      log('pgbench not found (set PGBENCH); skipped the comparison');
      return results;
    }
    const buyersPerChain = CHAIN_LENGTH - 3;
    // The three commission lines of a purchase whose uplines all have an active plan (rules.ts commissionLines).
    const settings = (await db.query('select level1_bp, level2_bp, level3_bp, cap_bp, hold_days from referral_settings')).rows[0];
    const cap = Math.floor((PRICE * settings.cap_bp) / 10_000);
    let paidOut = 0;
    const levels = [settings.level1_bp, settings.level2_bp, settings.level3_bp].map((rateBp, index) => {
      const amount = Math.min(Math.floor((PRICE * rateBp) / 10_000), cap - paidOut);
      paidOut += amount;
      return { level: index + 1, rateBp, amount };
    });
    if (levels.some((line) => line.amount <= 0))
      throw new Error('the referral settings pay nothing at some level; the pgbench script assumes three paying levels');
    // Per buyer: its ids, its uplines' ids and the four member accounts a purchase moves, in ascending
    // id order (the order postTransaction updates them in) with each one's delta.
    await db.query(`
      create table bench_members as
      with buyer as (
        select u.id as user_id, r1.id as up1, r2.id as up2, r3.id as up3, m.token_hash,
               (substring(u.email from 'bench-(\\d+)-')::int) as chain,
               (substring(u.email from '-(\\d+)@')::int) as position
        from users u join users r1 on r1.id = u.referrer_id join users r2 on r2.id = r1.referrer_id
        join users r3 on r3.id = r2.referrer_id
        join lateral (select token_hash from sessions s where s.user_id = u.id and s.revoked_at is null
                      order by s.created_at desc limit 1) m on true
        where u.email like 'bench-%'
      ),
      moves as (
        select b.user_id, a.id as account_id, d.delta
        from buyer b
        cross join lateral (values (b.user_id, 'member_available', -${PRICE}), (b.up1, 'member_commission_pending', ${levels[0].amount}),
                                   (b.up2, 'member_commission_pending', ${levels[1].amount}), (b.up3, 'member_commission_pending', ${levels[2].amount})) as d(owner, type, delta)
        join ledger_accounts a on a.owner_id = d.owner and a.type = d.type and a.currency = '${plan.currency}'
      ),
      ordered as (
        select user_id, array_agg(account_id order by account_id) as ids, array_agg(delta order by account_id) as deltas
        from moves group by user_id
      )
      select b.chain * ${buyersPerChain} + (b.position - 2) as n, b.user_id, b.up1, b.up2, b.up3, b.token_hash,
             o.ids[1] as a1, o.deltas[1] as d1, o.ids[2] as a2, o.deltas[2] as d2,
             o.ids[3] as a3, o.deltas[3] as d3, o.ids[4] as a4, o.deltas[4] as d4
      from buyer b join ordered o on o.user_id = b.user_id
      where b.position >= 3;
      alter table bench_members add primary key (n);
      analyze;`);
    const counted = (await db.query('select count(*)::int as n, min(n) as lo, max(n) as hi from bench_members')).rows[0];
    if (counted.n !== CONCURRENCY * buyersPerChain || counted.lo !== 1 || counted.hi !== counted.n) {
      throw new Error(`bench_members has ${counted.n} rows (${counted.lo}…${counted.hi}), expected ${CONCURRENCY * buyersPerChain}`);
    }
    const platformRows = (await db.query(`select id, type from ledger_accounts where owner_id is null and currency = $1`, [plan.currency]))
      .rows;
    const platform = {
      revenue: platformRows.find((row) => row.type === 'platform_plan_revenue').id,
      commission: platformRows.find((row) => row.type === 'platform_commission_expense').id,
    };
    const scriptOptions = { chains: CONCURRENCY, chainLength: CHAIN_LENGTH, plan, platform, levels, holdDays: settings.hold_days };
    writeFileSync(join(dir, 'purchase.sql'), pgbenchPurchaseScript({ ...scriptOptions, requestOverhead: false }));
    writeFileSync(join(dir, 'purchase-request.sql'), pgbenchPurchaseScript({ ...scriptOptions, requestOverhead: true }));
    const runPgbench = async (file, run) => {
      const bench = spawn(
        pgbench,
        [
          '-n',
          '-M',
          'extended',
          '-c',
          String(CONCURRENCY),
          '-j',
          '2',
          '-T',
          String(SECONDS),
          '-D',
          'k=0',
          '-D',
          `run=${run}`,
          '-f',
          join(dir, file),
          url,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      bench.stdout.on('data', (chunk) => (stdout += chunk));
      bench.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise((resolve) => bench.once('close', resolve));
      const guard = setTimeout(() => bench.kill('SIGKILL'), (SECONDS + 60) * 1000);
      // Profile: CPU per transaction over the middle of the run, of pgbench's backends and of pgbench itself.
      let cpuMs = null;
      if (PROFILE && SECONDS >= 4) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const sample = async () => {
          const rows = (await db.query(`select pid from pg_stat_activity where datname = $1 and application_name = 'pgbench'`, [name]))
            .rows;
          // Every transaction of the script writes one purchase.
          const done = (await db.query('select count(*)::int as n from purchases')).rows[0].n;
          return { backends: new Map(rows.map((row) => [row.pid, cpuSeconds(row.pid) ?? 0])), client: cpuSeconds(bench.pid) ?? 0, done };
        };
        const first = await sample();
        await new Promise((resolve) => setTimeout(resolve, (SECONDS - 2) * 1000));
        const second = await sample();
        let backends = 0;
        for (const [pid, seconds] of second.backends) if (first.backends.has(pid)) backends += seconds - first.backends.get(pid);
        const done = second.done - first.done;
        if (done > 0) {
          cpuMs = {
            postgresBackends: Number(((backends * 1000) / done).toFixed(2)),
            pgbench: Number((((second.client - first.client) * 1000) / done).toFixed(2)),
          };
        }
      }
      const status = await exited;
      clearTimeout(guard);
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
      if (!tps) throw new Error(`pgbench failed: ${stderr || stdout}`);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? 0);
      if (status !== 0 || /aborted/.test(stderr)) {
        throw new Error(`pgbench reported errors: ${stderr.split('\n').slice(0, 5).join(' | ')}`);
      }
      return { tps: Number(tps), failed, latency, cpuMs };
    };
    const plain = await runPgbench('purchase.sql', 1);
    results.pgbenchTps = Math.round(plain.tps);
    results.pgbenchFailed = plain.failed;
    log(
      `pgbench, the purchase transaction in SQL (-M extended, ${CONCURRENCY} clients, ${SECONDS} s): ${plain.tps.toFixed(0)} tps, latency ${plain.latency} ms (failed ${plain.failed})${plain.cpuMs === null ? '' : `; CPU per transaction: PostgreSQL backends ${plain.cpuMs.postgresBackends} ms, pgbench ${plain.cpuMs.pgbench} ms`}`,
    );
    if (plain.cpuMs !== null) results.profile.pgbenchCpuMsPerTransaction = plain.cpuMs;
    const withRequest = await runPgbench('purchase-request.sql', 2);
    results.pgbenchWithRequestStatementsTps = Math.round(withRequest.tps);
    log(
      `pgbench, plus the request's own statements (session read, idempotency claim and store): ${withRequest.tps.toFixed(0)} tps, latency ${withRequest.latency} ms (failed ${withRequest.failed})`,
    );
    const sqlCheck = (
      await db.query(
        `select (select count(*)::int from purchases) as purchases,
                (select count(*)::int from commissions) as commissions`,
      )
    ).rows[0];
    const reportAfter = JSON.parse((await call('GET', '/api/v1/admin/ledger/report', { cookie: operator })).text);
    results.ledgerOkAfterPgbench = reportAfter.ok;
    log(`after pgbench: ${sqlCheck.purchases} purchases, ${sqlCheck.commissions} commissions; ledger report ok=${reportAfter.ok}`);

    const ratio = perSecond / plain.tps;
    results.ratio = Number(ratio.toFixed(2));
    results.ratioWithRequestStatements = Number((perSecond / withRequest.tps).toFixed(2));
    results.goalMet = ratio >= GOAL;
    console.log(`purchases/s via API: ${perSecond.toFixed(0)}`);
    console.log(`same transaction via pgbench: ${plain.tps.toFixed(0)} tps`);
    console.log(
      `ratio: ${perSecond.toFixed(0)}/${plain.tps.toFixed(0)} = ${ratio.toFixed(2)} (goal >= ${GOAL}: ${results.goalMet ? 'pass' : 'FAIL'})`,
    );
    return results;
  } finally {
    if (stopServerOnExit) process.off('exit', stopServerOnExit);
    await db.end().catch(() => {});
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
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
  runPurchases().catch((error) => {
    console.error(`purchases: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
