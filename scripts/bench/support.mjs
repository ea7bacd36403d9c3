// What the PostgreSQL benches share: a database of their own beside the given one, a free port,
// pgbench, and waiting for the built server to answer /api/ready.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net, { createServer } from 'node:net';
import { Secret, TOTP } from 'otpauth';

/** The server the benches create their databases beside. */
const BENCH_SECOND_FACTOR_KEY = `bench:${Buffer.alloc(32, 7).toString('base64')}`;

export const BENCH_BASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The p-th percentile of ascending times (nearest rank), and a time rounded to 0.01 ms. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const roundMs = (ms) => Math.round(ms * 100) / 100;

/**
 * The console's second factor in scripted runs (benches, the chaos suite): their servers create the
 * first operator with this authenticator secret (OPERATOR_TOTP_SECRET), and the scripts enter its
 * current code after signing in (proveConsoleFactor).
 */
export const CONSOLE_TOTP_SECRET = 'ORCHARDSCRIPTEDCONSOLEFACTOR2345';

/**
 * Proves the second factor for an operator's session. `call(method, path, { cookie, body })`
 * answers `{ status, text }`. A code is taken once per account: when this step's code was used by an
 * earlier session, the next step's (the server accepts one step either side) is.
 */
export async function proveConsoleFactor(call, cookie) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(CONSOLE_TOTP_SECRET) });
  let answer;
  for (const ahead of [0, 30_000]) {
    const code = totp.generate({ timestamp: Date.now() + ahead });
    answer = await call('POST', '/api/v1/me/second-factor/verify', { cookie, body: { code } });
    if (answer.status === 200) return;
  }
  throw new Error(`the console's second factor was refused: ${answer.status} ${answer.text}`);
}

/** The environment of a built API server run by a bench: production, quiet, on loopback, no demo data. */
export function benchServerEnv({ url, port, publicUrl, ...env }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PUBLIC_URL: publicUrl,
    OPERATOR_TOTP_SECRET: CONSOLE_TOTP_SECRET,
    // Production without demo data: the console's secrets are sealed (README "Operator console").
    SECOND_FACTOR_KEY: BENCH_SECOND_FACTOR_KEY,
    ...env,
  };
}

export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function findPgbench() {
  const candidates = [process.env.PGBENCH, 'pgbench', '/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench'];
  for (const candidate of candidates.filter(Boolean)) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

export async function waitReady(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready within 60 s');
}

/**
 * A lean keep-alive HTTP client for load: node:http with one pooled socket per request in flight.
 * `fetch` costs the load generator about ten times the CPU per request, which on a shared machine
 * is CPU the server under test does not get.
 */
export function httpClient(base, { maxSockets = 64, timeoutMs = 30_000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(base);
  const call = (method, path, { cookie, body, key, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(cookie ? { cookie } : {}),
            ...(key ? { 'idempotency-key': key } : {}),
            ...headers,
          },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers }),
          );
          response.on('error', reject);
        },
      );
      // A server that stops answering ends the run instead of hanging it.
      request.on('timeout', () => request.destroy(Object.assign(new Error('request timed out'), { name: 'TimeoutError' })));
      request.on('error', reject);
      request.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/** The session cookie (`name=value`) a sign-in answer set, from node:http headers. */
export function sessionCookieOf(headers) {
  const cookies = headers['set-cookie'] ?? [];
  return cookies.find((value) => /^(__Host-)?orchard_session=/.test(value))?.split(';')[0];
}

/**
 * One keep-alive HTTP/1.1 connection with one request in flight, written and read by hand: what
 * wrk or pgbench's client cost, about a tenth of node:http's CPU per request. Only for load
 * against our own server, whose answers always carry Content-Length.
 */
export async function rawConnection(base, { timeoutMs = 30_000 } = {}) {
  const { hostname, port } = new URL(base);
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffer = Buffer.alloc(0);
  let pending = null;
  const fail = (error) => {
    const waiting = pending;
    pending = null;
    waiting?.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    if (!pending) return;
    const headerEnd = buffer.indexOf('\r\n\r\n');
    if (headerEnd < 0) return;
    const head = buffer.subarray(0, headerEnd).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < headerEnd + 4 + length) return;
    const status = Number(head.slice(9, 12));
    const body = buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
    buffer = buffer.subarray(headerEnd + 4 + length);
    const done = pending;
    pending = null;
    clearTimeout(done.timer);
    done.resolve({ status, text: body });
  });
  const send = (method, path, headers, body = '') =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(Object.assign(new Error('request timed out'), { name: 'TimeoutError' })), timeoutMs);
      pending = { resolve, reject, timer };
      const lines = [`${method} ${path} HTTP/1.1`, `host: ${hostname}:${port}`, `content-length: ${Buffer.byteLength(body)}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    });
  return { send, close: () => socket.destroy() };
}

/**
 * A fresh database `<prefix>_<hex>` beside `baseUrl` and the built server on it (production, warn
 * logs, no demo data, background jobs off unless `env` says otherwise), ready. `stop()` ends the
 * server and drops the database. Null when no PostgreSQL answers at `baseUrl` (with the reason).
 */
export async function startBenchServer({ root, baseUrl, prefix, env = {} }) {
  const { spawn } = await import('node:child_process');
  const { randomBytes } = await import('node:crypto');
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `no PostgreSQL at ${new URL(baseUrl).host} (${error.message}); set BENCH_DATABASE_URL` };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = withDatabase(baseUrl, name);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${root}apps/api/dist/server.js`], {
    cwd: root,
    env: benchServerEnv({
      url,
      port,
      publicUrl: base,
      OPERATOR_PASSWORD: `bench-${randomBytes(8).toString('hex')}`,
      DASHBOARD_ROLLUP_POLL_MS: '0',
      COMMISSION_RELEASE_POLL_MS: '0',
      ...env,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  };
  try {
    await waitReady(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, base, stop };
}

/**
 * A bench on its own server and database: the build, startBenchServer, a client on the database,
 * then `run({ db, base })` and its result, after which both are closed. `{ skipped }` (logged)
 * when no PostgreSQL answers.
 */
export async function onBenchServer({ root, prefix, log }, run) {
  const { ensureBuilt } = await import('../lib.mjs');
  ensureBuilt();
  const server = await startBenchServer({ root, baseUrl: BENCH_BASE_URL, prefix });
  if (server.skipped) {
    log(`skipped: ${server.skipped}`);
    return { skipped: server.skipped };
  }
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: server.url });
  try {
    await db.connect();
    return await run({ db, base: server.base });
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
  }
}
