#!/usr/bin/env node
// 500 virtual members for 60 s against two instances behind HAProxy (issue 15). Goal: no errors,
// p95 ≤ 300 ms.
//
//   node scripts/bench/load.mjs [--quick]      # quick: 100 members for 15 s
//
// Setup (not measured): a fresh database beside BENCH_DATABASE_URL, two built servers on it (Redis
// for rate counters when it answers) behind HAProxy with the settings of deploy/haproxy.cfg
// (scripts/chaos/run.mjs writes the same config). Members, sessions and wallets are written
// directly (funds through `ledger_adjust`, the operator's own call), bank accounts through the API;
// new accounts may receive payouts at once, and each session has its step-up.
//
// Each virtual member is a phone: one keep-alive connection, and after each action a pause of 1–3 s
// (reading the screen). Actions: browse 70 % (home: wallet and session; plans; statement; team;
// recharge history), recharge 10 % (an order, credited by the operator), buy a plan 12 %,
// withdraw 8 % — each money request with its own Idempotency-Key. An error is any answer that is not
// the expected one (every expected refusal is designed out: funds, limits and open orders suffice)
// or a network failure. Latency is per request, over the whole run and per kind.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../lib.mjs';
import { findBinary, haproxyConfig, waitReady } from '../chaos/run.mjs';
import { benchServerEnv, freePort, proveConsoleFactor, rawConnection, sessionCookieOf, httpClient, withDatabase } from './support.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const GOAL_P95_MS = 300;
const log = (line) => console.log(`load: ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : 0);
const round = (value) => Number(value.toFixed(1));

export async function runLoad({ quick = false } = {}) {
  const users = Number(process.env.BENCH_LOAD_USERS || (quick ? 100 : 500));
  const seconds = Number(process.env.BENCH_LOAD_SECONDS || (quick ? 15 : 60));
  const results = { users, seconds, instances: 2, goalP95Ms: GOAL_P95_MS, loadAverage1m: round(loadavg()[0]) };
  const haproxy = findBinary([process.env.HAPROXY, 'haproxy', '/usr/sbin/haproxy']);
  if (!haproxy) {
    log('skipped: haproxy not found (Debian: apt-get install haproxy)');
    return { skipped: 'haproxy not found' };
  }
  ensureBuilt({ force: process.env.BENCH_REBUILD === '1' });
  const admin = new pg.Client({ connectionString: BASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    log(`skipped: no PostgreSQL (${error.message})`);
    return { skipped: 'no PostgreSQL' };
  }
  const name = `orchard_bench_load_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = withDatabase(BASE_URL, name);
  const operatorPassword = `load-${randomBytes(6).toString('hex')}`;
  const ports = [await freePort(), await freePort()];
  const front = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'orchard-load-'));
  const servers = ports.map((port) =>
    spawn(process.execPath, [join(ROOT, 'apps/api/dist/server.js')], {
      cwd: ROOT,
      env: benchServerEnv({
        url,
        port,
        publicUrl: `http://127.0.0.1:${front}`,
        TRUST_PROXY: '1',
        OPERATOR_EMAIL: 'load-operator@orchard.local',
        OPERATOR_PASSWORD: operatorPassword,
        DASHBOARD_ROLLUP_POLL_MS: '0',
        OUTBOX_POLL_MS: '0',
        REDIS_URL: 'redis://127.0.0.1:6379/6',
      }),
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig({ front, backends: ports }).replace('maxconn 2048', 'maxconn 4096'));
  const balancer = spawn(haproxy, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'ignore'] });
  const base = `http://127.0.0.1:${front}`;
  const db = new pg.Client({ connectionString: url });
  const client = httpClient(base, { maxSockets: 16 });
  try {
    for (const port of ports) if (!(await waitReady(`http://127.0.0.1:${port}`))) throw new Error('an instance did not start');
    if (!(await waitReady(base))) throw new Error('the balancer found no instance');
    await db.connect();

    // ------------------------------------------------------------ setup (not measured)
    const signIn = await client.call('POST', '/api/v1/auth/sign-in', {
      body: { account: 'load-operator@orchard.local', password: operatorPassword },
    });
    const operator = sessionCookieOf(signIn.headers);
    await proveConsoleFactor(client.call, operator);
    const operatorId = (await db.query(`select id from users where email = 'load-operator@orchard.local'`)).rows[0].id;
    const plan = JSON.parse(
      (await client.call('POST', '/api/v1/admin/plans', { cookie: operator, body: { name: 'Load plan', price: 500, durationDays: 30 } }))
        .text,
    );
    await db.query(`update withdrawal_settings set cooldown_hours = 0, daily_max = 100000000, max_amount = 100000000`);
    await db.query(
      `insert into payment_channels (code, kind, name, min_amount, max_amount) values ('bank-transfer', 'bank_transfer', 'Bank', 100, 100000000)`,
    );
    const tokens = Array.from({ length: users }, () => randomBytes(32).toString('base64url'));
    const { rows: members } = await db.query(
      `with made as (
         insert into users (email, display_name, password_hash, role, invite_code)
         select 'load' || g || '@orchard.local', 'Load ' || g, 'x', 'member', 'L' || lpad(g::text, 7, '0') from generate_series(1, $1::int) g
         returning id, email)
       select m.id, t.token
         from (select id, row_number() over (order by email) as n from made) m
         join unnest($2::text[]) with ordinality as t(token, n) on t.n = m.n`,
      [users, tokens],
    );
    await db.query(
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at, step_up_until)
       select m.id, encode(sha256(convert_to(m.token, 'UTF8')), 'hex'), now(), now(), now() + interval '30 days', now() + interval '1 day'
         from jsonb_to_recordset($1::jsonb) as m(id uuid, token text)`,
      [JSON.stringify(members)],
    );
    await db.query(
      `select ledger_adjust(m.id, 'credit', 10000000, 'Load funds', 'load-' || m.id, $1::jsonb, 'USD', now(), 1000000000000, 1000000000000000)
         from jsonb_to_recordset($2::jsonb) as m(id uuid)`,
      [JSON.stringify({ operatorId, ip: '127.0.0.1', requestId: 'load-setup' }), JSON.stringify(members)],
    );
    for (const member of members) {
      member.cookie = `orchard_session=${member.token}`;
      const account = await client.call('POST', '/api/v1/me/bank-accounts', {
        cookie: member.cookie,
        headers: { 'x-requested-with': 'fetch' },
        body: { holderName: 'Load', bankName: 'Bank', country: 'DE', number: 'DE89370400440532013000' },
      });
      if (account.status !== 201) throw new Error(`bank account: ${account.status} ${account.text}`);
      member.bankAccountId = JSON.parse(account.text).id;
    }
    log(`set up: ${users} members with a session, funds and a bank account; 2 instances behind HAProxy`);

    // ------------------------------------------------------------ measured
    const latencies = [];
    const byKind = {};
    const errors = {};
    let sent = 0;
    const operatorConnection = await rawConnection(base);
    const timed = async (kind, connection, method, path, headers, body, expected) => {
      const t0 = performance.now();
      let status;
      let text = '';
      try {
        ({ status, text } = await connection.send(
          method,
          path,
          { 'x-requested-with': 'fetch', ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body ? JSON.stringify(body) : '',
        ));
      } catch (error) {
        status = error?.name === 'TimeoutError' ? 'timeout' : 'network';
      }
      const ms = performance.now() - t0;
      sent += 1;
      latencies.push(ms);
      (byKind[kind] ??= []).push(ms);
      if (status !== expected) errors[`${kind} ${status}`] = (errors[`${kind} ${status}`] ?? 0) + 1;
      return { status, text };
    };
    const stopAt = performance.now() + seconds * 1000;
    let operatorQueue = Promise.resolve();
    const vu = async (member, index) => {
      // Arrivals spread over the first two seconds, as phones do not all open the app at once.
      await sleep((index / users) * 2_000);
      const connection = await rawConnection(base);
      const cookie = { cookie: member.cookie };
      while (performance.now() < stopAt) {
        const roll = Math.random();
        if (roll < 0.7) {
          const page = Math.floor(Math.random() * 5);
          if (page === 0) {
            await timed('browse', connection, 'GET', '/api/v1/wallet', cookie, undefined, 200);
            await timed('browse', connection, 'GET', '/api/v1/session', cookie, undefined, 200);
          } else if (page === 1) await timed('browse', connection, 'GET', '/api/v1/plans', cookie, undefined, 200);
          else if (page === 2) await timed('browse', connection, 'GET', '/api/v1/wallet/transactions', cookie, undefined, 200);
          else if (page === 3) await timed('browse', connection, 'GET', '/api/v1/team', cookie, undefined, 200);
          else await timed('browse', connection, 'GET', '/api/v1/recharge/orders', cookie, undefined, 200);
        } else if (roll < 0.8) {
          const created = await timed(
            'recharge',
            connection,
            'POST',
            '/api/v1/recharge/orders',
            { ...cookie, 'idempotency-key': randomUUID() },
            { channel: 'bank-transfer', amount: 2_000 },
            201,
          );
          if (created.status === 201) {
            const id = JSON.parse(created.text).id;
            // The operator credits it (one console, one request at a time).
            operatorQueue = operatorQueue.then(() =>
              timed(
                'credit',
                operatorConnection,
                'POST',
                `/api/v1/admin/recharge/orders/${id}/credit`,
                { cookie: operator, 'idempotency-key': randomUUID() },
                {},
                200,
              ),
            );
          }
        } else if (roll < 0.92) {
          await timed(
            'buy',
            connection,
            'POST',
            `/api/v1/plans/${plan.id}/purchase`,
            { ...cookie, 'idempotency-key': randomUUID() },
            {},
            201,
          );
        } else {
          await timed(
            'withdraw',
            connection,
            'POST',
            '/api/v1/withdrawals',
            { ...cookie, 'idempotency-key': randomUUID() },
            { bankAccountId: member.bankAccountId, amount: 1_000 },
            201,
          );
        }
        await sleep(1_000 + Math.random() * 2_000);
      }
      connection.close();
    };
    const started = performance.now();
    await Promise.all(members.map((member, index) => vu(member, index)));
    await operatorQueue;
    operatorConnection.close();
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const errorCount = Object.values(errors).reduce((sum, n) => sum + n, 0);
    results.requests = sent;
    results.perSecond = Math.round(sent / elapsed);
    results.errors = errorCount;
    results.errorKinds = errors;
    results.latencyMs = {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
    };
    results.byKind = Object.fromEntries(
      Object.entries(byKind).map(([kind, values]) => {
        values.sort((a, b) => a - b);
        return [kind, { requests: values.length, p50: round(percentile(values, 50)), p95: round(percentile(values, 95)) }];
      }),
    );
    results.goalMet = errorCount === 0 && results.latencyMs.p95 <= GOAL_P95_MS;
    log(
      `${sent} requests in ${elapsed.toFixed(0)} s (${results.perSecond}/s) from ${users} members: errors ${errorCount}${errorCount ? ` ${JSON.stringify(errors)}` : ''}`,
    );
    for (const [kind, figures] of Object.entries(results.byKind))
      log(`  ${kind}: ${figures.requests} requests, p50 ${figures.p50} ms, p95 ${figures.p95} ms`);
    console.log(
      `load: ${users} members × ${seconds} s on 2 instances: ${errorCount} errors, p95 ${results.latencyMs.p95} ms (p50 ${results.latencyMs.p50}, p99 ${results.latencyMs.p99}) (goal 0 errors, p95 <= ${GOAL_P95_MS} ms: ${results.goalMet ? 'pass' : 'FAIL'})`,
    );
    return results;
  } finally {
    client.close();
    await db.end().catch(() => {});
    balancer.kill('SIGTERM');
    await Promise.all(
      servers.map((server) => {
        if (server.exitCode !== null) return undefined;
        server.kill('SIGTERM');
        return new Promise((resolve) => server.once('exit', resolve));
      }),
    );
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.on('error', () => {});
  runLoad({ quick: process.argv.includes('--quick') }).catch((error) => {
    console.error(`load: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
}
