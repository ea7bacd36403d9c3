#!/usr/bin/env node
// Plan purchases per second through the HTTP API on PostgreSQL, beside pgbench sending the same
// database call (plan_purchase, apps/api/src/modules/plans/sql/plan_purchase.sql) straight to the same tables, triggers and rows: the
// ratio is what the HTTP server, its session check and its client cost on top of the database's
// own work. Standalone:
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
// The measured requests go over raw keep-alive connections (support.mjs rawConnection): fetch cost
// the load generator about 1.7 ms of CPU per request, node:http 0.5 ms, on the same two cores the
// server and PostgreSQL share.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hash as argon2Hash } from '@node-rs/argon2';
import pg from 'pg';
import { ensureBuilt } from '../lib.mjs';
import {
  benchServerEnv,
  findPgbench,
  freePort,
  httpClient,
  proveConsoleFactor,
  rawConnection,
  sessionCookieOf,
  waitReady,
  withDatabase,
} from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// BENCH_API_SERVER: another build of the API to measure (a prototype); not rebuilt.
const SERVER = process.env.BENCH_API_SERVER || join(ROOT, 'apps/api/dist/server.js');
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const SECONDS = Number(process.env.BENCH_PURCHASE_SECONDS || (process.argv.includes('--quick') ? 3 : 10));
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
// The server's default limits (AMOUNT_MAX_MINOR, BALANCE_MAX_MINOR), passed to plan_purchase as it passes them.
const AMOUNT_MAX = 1_000_000_000_000;
const BALANCE_MAX = 1_000_000_000_000_000;

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

/**
 * Every measured run starts from the same state: the previous run's dead rows vacuumed and its
 * dirty pages written out, so no run pays for the one before it (the first pgbench run after the
 * API's used to, and lost a fifth of its rate to it).
 */
async function settle(db) {
  await db.query('vacuum analyze');
  await db.query('checkpoint');
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid, part = 'both') {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return (part === 'user' ? user : part === 'system' ? system : user + system) / 100;
  } catch {
    return null;
  }
}

async function cpuOf(db, name, serverPid) {
  // Client backends only: autovacuum workers of the database are not the requests' work.
  const backends = (
    await db.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`, [
      name,
    ])
  ).rows;
  const postgres = backends.reduce((sum, row) => sum + (cpuSeconds(row.pid) ?? 0), 0);
  return { server: cpuSeconds(serverPid), serverSystem: cpuSeconds(serverPid, 'system'), postgres, client: process.cpuUsage() };
}

async function queryCounts(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  while (!existsSync(file) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return new Map(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The pgbench script: one purchase as the server sends it, the one call of `plan_purchase`
 * (modules/plans/sql/plan_purchase.sql) with the same arguments, the buyer's id taken from `bench_members` in the same
 * statement. With `requestOverhead`, the session read every HTTP request also runs before it.
 */
export function pgbenchPurchaseScript({ chains, chainLength, plan, requestOverhead }) {
  const buyers = chainLength - 3;
  const lines = [`\\set n (:client_id % ${chains}) * ${buyers} + random(1, ${buyers})`, '\\set k :k + 1'];
  if (requestOverhead) {
    lines.push(
      `SELECT s.id, s.user_id, s.last_seen_at, s.expires_at, u.role, u.status FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.token_hash = (SELECT token_hash FROM bench_members WHERE n = :n) AND s.revoked_at IS NULL;`,
    );
  }
  lines.push(
    `SELECT r.replayed, to_jsonb(r.purchase) AS purchase FROM bench_members m, plan_purchase(m.user_id, '${plan.id}'::uuid, 'pgb-' || :run::text || '-' || :client_id::text || '-' || :k::text, NULL, NULL::bigint, now(), ${AMOUNT_MAX}::bigint, ${BALANCE_MAX}::bigint) r WHERE m.n = :n;`,
  );
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
  let client;
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
      env: benchServerEnv({
        url,
        port,
        publicUrl: base,
        // The hash chain's job links while purchases run (docs/decisions/0028): its cost is in the figure.
        LEDGER_CHAIN_POLL_MS: process.env.LEDGER_CHAIN_POLL_MS ?? '1000',
        OPERATOR_EMAIL,
        OPERATOR_PASSWORD,
        BENCH_QUERY_COUNT_FROM: SERVER,
        BENCH_QUERY_COUNT_FILE: countFile,
      }),
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

    client = httpClient(base, { maxSockets: CONCURRENCY + 8 });
    const { call } = client;
    const signIn = async (account, password) => {
      const { status, text, headers } = await call('POST', '/api/v1/auth/sign-in', { body: { account, password } });
      if (status !== 200) throw new Error(`sign-in of ${account} failed: ${status} ${text}`);
      const cookie = sessionCookieOf(headers);
      if (!cookie) throw new Error('no session cookie');
      return cookie;
    };

    // ---------------------------------------------------------------- setup (not measured)
    const setupStarted = performance.now();
    const operator = await signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
    await proveConsoleFactor(call, operator);
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
    // One raw keep-alive connection per chain (support.mjs rawConnection): the load generator's CPU
    // is CPU the server and PostgreSQL do not get on a shared machine, so it is kept as small as pgbench's.
    const connections = await Promise.all(chains.map(() => rawConnection(base)));
    await settle(db);
    const path = `/api/v1/plans/${plan.id}/purchase`;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      chains.map(async (chain, c) => {
        const buyers = chain.slice(3);
        for (let i = 0; performance.now() < deadline && i < 1_000_000; i++) {
          const t0 = performance.now();
          const buyer = buyers[i % buyers.length];
          const status = await connections[c]
            .send('POST', path, { cookie: buyer.cookie, 'idempotency-key': randomUUID(), 'content-type': 'application/json' }, '{}')
            .then(
              (answer) => answer.status,
              (error) => (error?.name === 'TimeoutError' ? 'timeout' : 'error'),
            );
          latencies.push(performance.now() - t0);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    for (const connection of connections) connection.close();
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
          serverInKernel: cpuAfter.serverSystem === null ? null : perPurchaseMs(cpuAfter.serverSystem - cpuBefore.serverSystem),
          postgresBackends: perPurchaseMs(cpuAfter.postgres - cpuBefore.postgres),
          loadGenerator: perPurchaseMs((clientCpu.user + clientCpu.system) / 1e6),
        },
        serverCpuShareOfOneCore: cpuAfter.server === null ? null : Number(((cpuAfter.server - cpuBefore.server) / elapsed).toFixed(2)),
      };
      log(
        `profile: CPU per purchase: server ${results.profile.cpuMsPerPurchase.server} ms (${results.profile.cpuMsPerPurchase.serverInKernel} ms of it in the kernel), PostgreSQL backends ${results.profile.cpuMsPerPurchase.postgresBackends} ms, load generator ${results.profile.cpuMsPerPurchase.loadGenerator} ms; the server used ${results.profile.serverCpuShareOfOneCore} of one core`,
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

    // ---------------------------------------------------------------- pgbench: the same call, straight to PostgreSQL
    const pgbench = findPgbench();
    if (!pgbench) {
      log('pgbench not found (set PGBENCH); skipped the comparison');
      return results;
    }
    const buyersPerChain = CHAIN_LENGTH - 3;
    // Per buyer (members 4… of each chain, whose three uplines have an active plan): its id and session.
    await db.query(`
      create table bench_members as
      with buyer as (
        select u.id as user_id, m.token_hash,
               (substring(u.email from 'bench-(\\d+)-')::int) as chain,
               (substring(u.email from '-(\\d+)@')::int) as position
        from users u
        join lateral (select token_hash from sessions s where s.user_id = u.id and s.revoked_at is null
                      order by s.created_at desc limit 1) m on true
        where u.email like 'bench-%'
      )
      select b.chain * ${buyersPerChain} + (b.position - 2) as n, b.user_id, b.token_hash
      from buyer b
      where b.position >= 3;
      alter table bench_members add primary key (n);
      analyze;`);
    const counted = (await db.query('select count(*)::int as n, min(n) as lo, max(n) as hi from bench_members')).rows[0];
    if (counted.n !== CONCURRENCY * buyersPerChain || counted.lo !== 1 || counted.hi !== counted.n) {
      throw new Error(`bench_members has ${counted.n} rows (${counted.lo}…${counted.hi}), expected ${CONCURRENCY * buyersPerChain}`);
    }
    const scriptOptions = { chains: CONCURRENCY, chainLength: CHAIN_LENGTH, plan };
    writeFileSync(join(dir, 'purchase.sql'), pgbenchPurchaseScript({ ...scriptOptions, requestOverhead: false }));
    writeFileSync(join(dir, 'purchase-request.sql'), pgbenchPurchaseScript({ ...scriptOptions, requestOverhead: true }));
    const runPgbench = async (file, run) => {
      await settle(db);
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
      `pgbench, the same call of plan_purchase (-M extended, ${CONCURRENCY} clients, ${SECONDS} s): ${plain.tps.toFixed(0)} tps, latency ${plain.latency} ms (failed ${plain.failed})${plain.cpuMs === null ? '' : `; CPU per transaction: PostgreSQL backends ${plain.cpuMs.postgresBackends} ms, pgbench ${plain.cpuMs.pgbench} ms`}`,
    );
    if (plain.cpuMs !== null) results.profile.pgbenchCpuMsPerTransaction = plain.cpuMs;
    const withRequest = await runPgbench('purchase-request.sql', 2);
    results.pgbenchWithRequestStatementsTps = Math.round(withRequest.tps);
    if (withRequest.cpuMs !== null) results.profile.pgbenchWithRequestCpuMsPerTransaction = withRequest.cpuMs;
    log(
      `pgbench, plus the request's own statement (the session read): ${withRequest.tps.toFixed(0)} tps, latency ${withRequest.latency} ms (failed ${withRequest.failed})${withRequest.cpuMs === null ? '' : `; CPU per transaction: PostgreSQL backends ${withRequest.cpuMs.postgresBackends} ms, pgbench ${withRequest.cpuMs.pgbench} ms`}`,
    );
    const sqlCheck = (
      await db.query(
        `select (select count(*)::int from purchases) as purchases,
                (select count(*)::int from commissions) as commissions,
                (select count(*)::int from ledger_chain) as links,
                (select count(*)::int from ledger_transactions) as transactions`,
      )
    ).rows[0];
    const reportAfter = JSON.parse((await call('GET', '/api/v1/admin/ledger/report', { cookie: operator })).text);
    results.ledgerOkAfterPgbench = reportAfter.ok;
    results.chainLinks = sqlCheck.links;
    log(
      `after pgbench: ${sqlCheck.purchases} purchases, ${sqlCheck.commissions} commissions; ${sqlCheck.links} of ${sqlCheck.transactions} ledger transactions linked in the hash chain (the job links one poll behind); ledger report ok=${reportAfter.ok}`,
    );

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
    client?.close();
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
