#!/usr/bin/env node
// An authenticated GET of the wallet through the API on PostgreSQL, against a bare Fastify "hello"
// on the same machine with the same load generator (issue 15). Goals: ratio ≥ 0.2, and the
// wallet's p99 ≤ 20 ms at 50 connections.
//
//   node scripts/bench/wallet-read.mjs [--quick]
//
// Both servers are measured the same way: 50 raw keep-alive connections (support.mjs
// rawConnection), one request in flight on each, for a fixed time after a warm-up; the load
// generator runs in its own process so its CPU is its own. The wallet is read by 500 members, each
// with a session, in turn (a member's read is a session lookup and a balance read).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../lib.mjs';
import { freePort, rawConnection, startBenchServer } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const MEMBERS = 500;
const GOAL_RATIO = 0.2;
const GOAL_P99_MS = 20;
const log = (line) => console.log(`wallet-read: ${line}`);

// ------------------------------------------------------------ load generator (child process)
if (process.argv[2] === '--load') {
  const { base, path, cookies, seconds } = JSON.parse(process.argv[3]);
  const connections = await Promise.all(Array.from({ length: CONNECTIONS }, () => rawConnection(base)));
  const latencies = [];
  const statuses = {};
  const run = async (until, record) =>
    Promise.all(
      connections.map(async (connection, c) => {
        for (let i = c; performance.now() < until; i += CONNECTIONS) {
          const t0 = performance.now();
          const { status } = await connection
            .send('GET', path, cookies.length ? { cookie: cookies[i % cookies.length] } : {})
            .catch(() => ({ status: 'error' }));
          if (record) {
            latencies.push(performance.now() - t0);
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
        }
      }),
    );
  await run(performance.now() + 1_500, false);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run(started + seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  for (const connection of connections) connection.close();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
  process.send({
    perSecond: (statuses[200] ?? 0) / elapsed,
    statuses,
    p50: at(50),
    p99: at(99),
    loadGeneratorCpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, latencies.length),
  });
  process.exit(0);
}

function measure(base, path, cookies, seconds) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--load', JSON.stringify({ base, path, cookies, seconds })], { stdio: 'inherit' });
    child.once('message', resolve);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load generator exited ${code}`))));
  });
}

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
`;

async function bareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const round = (value, digits = 1) => Number(value.toFixed(digits));

/**
 * Runs the benchmark, prints plain lines and returns the figures (scripts/bench.mjs keeps them in
 * bench-results/latest.json as `walletRead`). Without PostgreSQL it prints why and returns `{ skipped }`.
 */
export async function runWalletRead({ quick = false } = {}) {
  const seconds = Number(process.env.BENCH_READ_SECONDS || (quick ? 3 : 10));
  const results = { connections: CONNECTIONS, seconds, goalRatio: GOAL_RATIO, goalP99Ms: GOAL_P99_MS, loadAverage1m: round(loadavg()[0]) };
  ensureBuilt({ force: process.env.BENCH_REBUILD === '1' });
  const bare = await bareFastify();
  try {
    const hello = await measure(bare.base, '/hello', [], seconds);
    results.bareFastify = { perSecond: Math.round(hello.perSecond), p50Ms: round(hello.p50, 2), p99Ms: round(hello.p99, 2) };
    log(
      `bare Fastify "hello", ${CONNECTIONS} connections, ${seconds} s: ${Math.round(hello.perSecond)} req/s, p50 ${round(hello.p50, 2)} ms, p99 ${round(hello.p99, 2)} ms`,
    );
  } finally {
    bare.stop();
  }

  const server = await startBenchServer({ root: ROOT, baseUrl: BASE_URL, prefix: 'orchard_bench_wallet', env: { LOG_LEVEL: 'warn' } });
  if (server.skipped) {
    log(`skipped: ${server.skipped}`);
    return { ...results, skipped: server.skipped };
  }
  const db = new pg.Client({ connectionString: server.url });
  try {
    await db.connect();
    // Members with a balance and a session each (the session token is what the cookie carries).
    const { createSessionRows } = await sessionsModule();
    const cookies = await createSessionRows(db, MEMBERS);
    const wallet = await measure(server.base, '/api/v1/wallet', cookies, seconds);
    results.wallet = {
      perSecond: Math.round(wallet.perSecond),
      p50Ms: round(wallet.p50, 2),
      p99Ms: round(wallet.p99, 2),
      answers: wallet.statuses,
    };
    results.ratio = round(wallet.perSecond / results.bareFastify.perSecond, 3);
    results.goalMet = results.ratio >= GOAL_RATIO && wallet.p99 <= GOAL_P99_MS;
    log(
      `GET /api/v1/wallet signed in, ${CONNECTIONS} connections, ${seconds} s: ${Math.round(wallet.perSecond)} req/s, p50 ${round(wallet.p50, 2)} ms, p99 ${round(wallet.p99, 2)} ms, answers ${JSON.stringify(wallet.statuses)}`,
    );
    console.log(
      `wallet GET ÷ bare Fastify: ${results.wallet.perSecond}/${results.bareFastify.perSecond} = ${results.ratio} (goal >= ${GOAL_RATIO}), p99 ${results.wallet.p99Ms} ms (goal <= ${GOAL_P99_MS}): ${results.goalMet ? 'pass' : 'FAIL'}`,
    );
    return results;
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}

/** Members and live sessions written straight into the tables (sha256 of a random token, as the server keeps them). */
async function sessionsModule() {
  const { createHash } = await import('node:crypto');
  return {
    async createSessionRows(db, count) {
      const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
      await db.query(
        `with members as (
           insert into users (email, display_name, password_hash, role, invite_code)
           select 'reader' || g || '@orchard.local', 'Reader ' || g, 'x', 'member', 'R' || lpad(g::text, 7, '0')
             from generate_series(1, $1::int) g
           returning id, email)
         insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
         select m.id, t.hash, now(), now(), now() + interval '30 days'
           from (select id, row_number() over (order by email) as n from members) m
           join unnest($2::text[]) with ordinality as t(hash, n) on t.n = m.n`,
        [count, tokens.map((token) => createHash('sha256').update(token).digest('hex'))],
      );
      return tokens.map((token) => `orchard_session=${token}`);
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] !== '--load') {
  process.stdout.on('error', () => {});
  runWalletRead({ quick: process.argv.includes('--quick') }).catch((error) => {
    console.error(`wallet-read: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
