import { execFile, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementEventPageSchema } from '@orchard/shared';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { parseLsn, primaryPosition } from '../src/db/replica';
import { ManualClock } from '../src/lib/clock';
import { READ_AFTER_COOKIE } from '../src/plugins/read-replica';
import { addClientHeader, type TestApp } from './app';
import { buy, createPlan, fund, plansWorld, quickMember, type PlansWorld } from './plans/helpers';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('../../../scripts/replica/standby.sh', import.meta.url));
const PRIMARY_PORT = Number(process.env.REPLICA_PRIMARY_PORT ?? 5442);
const STANDBY_PORT = Number(process.env.REPLICA_STANDBY_PORT ?? 5443);
const DATABASE = 'orchard_replica';
const PRIMARY_URL = `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/${DATABASE}`;
const STANDBY_URL = `postgres://postgres@127.0.0.1:${STANDBY_PORT}/${DATABASE}`;
const MAX_LAG_MS = 2_000;

/** The suite needs initdb and pg_basebackup on this machine (the script says whether it finds them). */
function hasPostgresBinaries(): boolean {
  try {
    execFileSync(SCRIPT, ['bin'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

type Who = { userId: string; cookie: string };

/**
 * The read replica on a real hot standby (scripts/replica/standby.sh: a primary and a standby made
 * by pg_basebackup, streaming), docs/decisions/0040: the chosen reads come from the standby; a
 * writer reads their write at once, on either instance, even with the standby's replay paused;
 * a standby further behind than REPLICA_MAX_LAG_MS, or stopped mid-run, is passed over and every
 * read still answers 200 from the primary; started again, it answers again.
 */
describe.skipIf(!hasPostgresBinaries())('read replica on a real hot standby', () => {
  let primary: DatabaseHandle;
  let standby: DatabaseHandle;
  let secondStandby: DatabaseHandle;
  let t: TestApp;
  let second: FastifyInstance;
  let w: PlansWorld;
  let member: Who;
  /** A member who writes nothing in the suite: what changes for them is done by the operator. */
  let bystander: Who;
  let planId: string;
  const clock = new ManualClock(new Date());
  const METRICS_TOKEN = 'replica-suite-metrics-token';
  const config = testConfig({ REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), METRICS_TOKEN });

  const onStandby = async (text: string) => {
    const client = new pg.Client({ connectionString: STANDBY_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  /** Checks until the standby has replayed everything the primary has written now (both instances' views). */
  const caughtUp = async () => {
    const target = parseLsn(await primaryPosition(primary))!;
    for (let attempt = 0; attempt < 200; attempt++) {
      await t.app.replicaReads.check();
      await second.replicaReads.check();
      const [a, b] = [t.app.replicaReads.state()!, second.replicaReads.state()!];
      if (a.up && b.up && a.replayed! >= target && b.replayed! >= target) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the standby did not catch up');
  };
  const events = async (app: FastifyInstance, who: Who, readAfter = '') => {
    const cookie = readAfter ? `${who.cookie}; ${readAfter}` : who.cookie;
    const response = await app.inject({ method: 'GET', url: '/api/v1/wallet/events', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return statementEventPageSchema.parse(response.json()).items;
  };
  const purchases = async (app: FastifyInstance, who: Who, readAfter = '') =>
    (await events(app, who, readAfter)).filter((event) => event.kind === 'purchase').length;
  const reads = () => t.app.replicaReads.state()!.reads;

  beforeAll(async () => {
    await run(SCRIPT, ['start'], { env: { ...process.env, REPLICA_PRIMARY_PORT: String(PRIMARY_PORT), REPLICA_STANDBY_PORT: String(STANDBY_PORT) } });
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres` });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    primary = await openDatabase({ url: PRIMARY_URL, poolSize: 10, testClock: true });
    await migrate(primary);
    standby = await openDatabase({ url: STANDBY_URL, poolSize: 5, testClock: true, connectTimeoutMs: 2_000 });
    secondStandby = await openDatabase({ url: STANDBY_URL, poolSize: 5, testClock: true, connectTimeoutMs: 2_000 });
    const app = await buildApp({ config, database: primary, replica: standby, clock });
    await app.ready();
    addClientHeader(app);
    t = { app, database: { handle: primary, url: PRIMARY_URL, destroy: async () => {} }, config, clock, close: async () => {} };
    // A second instance, as in the scale-out shape: its own pools and its own view of the standby.
    second = await buildApp({ config, database: primary, replica: secondStandby, clock });
    await second.ready();
    addClientHeader(second);
    w = await plansWorld(t);
    planId = (await createPlan(w, { price: 1_000 })).id;
    member = await quickMember(t);
    await fund(w, member.userId, 10_000);
    bystander = await quickMember(t);
    await fund(w, bystander.userId, 1_000);
    await caughtUp();
  });

  afterAll(async () => {
    await second?.close();
    await t?.app.close();
    await secondStandby?.close();
    await standby?.close();
    await primary?.close();
    await run(SCRIPT, ['stop'], { env: { ...process.env, REPLICA_PRIMARY_PORT: String(PRIMARY_PORT), REPLICA_STANDBY_PORT: String(STANDBY_PORT) } });
  });

  it('answers the chosen reads from the standby, and a read that decides a write from the primary', async () => {
    const before = reads();
    expect(await purchases(t.app, member)).toBe(0);
    const legal = await t.app.inject({ method: 'GET', url: '/api/v1/legal' });
    expect(legal.statusCode).toBe(200);
    const team = await t.app.inject({ method: 'GET', url: '/api/v1/team', headers: { cookie: member.cookie } });
    expect(team.statusCode).toBe(200);
    expect(reads()).toBe(before + 3);
    // The dashboard: an old rollup is refreshed and read on the primary; a recent one is read from the standby.
    const dashboard = () => t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: { cookie: w.operator.cookie } });
    clock.advance(60_000);
    expect((await dashboard()).statusCode).toBe(200);
    expect(reads()).toBe(before + 3);
    await caughtUp();
    expect((await dashboard()).statusCode).toBe(200);
    expect(reads()).toBe(before + 4);
    // The wallet card stays on the primary: the standby counts no read for it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: { cookie: member.cookie } })).statusCode).toBe(200);
    expect(reads()).toBe(before + 4);
    expect(t.app.replicaReads.state()!.fallbacks).toBe(0);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.body).toMatch(/^orchard_replica_up 1$/m);
    expect(metrics.body).toMatch(new RegExp(`^orchard_replica_reads_total ${reads()}$`, 'm'));
    expect(metrics.body).toMatch(/^orchard_replica_fallbacks_total 0$/m);
    expect(metrics.body).toMatch(/^orchard_replica_lag_seconds 0$/m);
  });

  it('shows a writer their write at once, on either instance, while the standby replays nothing', async () => {
    await onStandby('select pg_wal_replay_pause()');
    const bought = await buy(w, member, planId);
    expect(bought.statusCode, bought.body).toBe(201);
    const setCookie = ([] as string[]).concat(bought.headers['set-cookie'] ?? []);
    const readAfter = setCookie.find((line) => line.startsWith(`${READ_AFTER_COOKIE}=`))?.split(';')[0];
    expect(readAfter).toBeDefined();

    // The standby has not replayed the purchase: the lag is real.
    const [standbyAt] = await standby.withSession((session) => session.query<{ lsn: string }>('select pg_last_wal_replay_lsn()::text as lsn'));
    expect(parseLsn(standbyAt!.lsn)! < parseLsn(readAfter!.split('=')[1]!.replace('-', '/'))!).toBe(true);
    // The writer, with the cookie their write set, reads it: from the primary, on this instance and on the other.
    const before = reads();
    expect(await purchases(t.app, member, readAfter)).toBe(1);
    expect(await purchases(second, member, readAfter)).toBe(1);
    expect(reads()).toBe(before);
  });

  it('sends a member’s reads to the primary once a change of theirs made by someone else is announced, on every instance', async () => {
    const adjustments = async (app: FastifyInstance) => (await events(app, bystander)).filter((event) => event.kind === 'adjustment').length;
    const before = reads();
    // Nothing of theirs was announced since the standby replayed: the standby answers.
    expect(await adjustments(t.app)).toBe(1);
    expect(reads()).toBe(before + 1);
    // An operator credits them (the replay still paused): every instance hears the balance change.
    await fund(w, bystander.userId, 500);
    for (let attempt = 0; attempt < 200 && !(t.app.replicaReads.state()!.pinned > 0 && second.replicaReads.state()!.pinned > 0); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await adjustments(t.app)).toBe(2);
    expect(await adjustments(second)).toBe(2);
    expect(reads()).toBe(before + 1);
  });

  it('passes over a standby further behind than REPLICA_MAX_LAG_MS, and takes it back once it catches up', async () => {
    const legal = async () => expect((await t.app.inject({ method: 'GET', url: '/api/v1/legal' })).statusCode).toBe(200);
    await t.app.replicaReads.check();
    clock.advance(MAX_LAG_MS + 1_000);
    await t.app.replicaReads.check();
    expect(t.app.replicaReads.state()!.lagMs).toBeGreaterThan(MAX_LAG_MS);
    // A read no write and no announcement ties to anyone: the primary answers it, for the lag alone.
    const before = reads();
    await legal();
    expect(reads()).toBe(before);

    await onStandby('select pg_wal_replay_resume()');
    await caughtUp();
    expect(t.app.replicaReads.state()!.lagMs).toBeLessThanOrEqual(MAX_LAG_MS);
    await legal();
    expect(reads()).toBe(before + 1);
    // The standby has replayed the purchase and the credit: the two members' reads are its again.
    expect(t.app.replicaReads.state()!.pinned).toBe(0);
    expect(await purchases(t.app, member)).toBe(1);
    expect(reads()).toBe(before + 2);
  });

  it('answers every read from the primary while the standby is stopped mid-run, and the standby again once it is back', async () => {
    const env = { ...process.env, REPLICA_PRIMARY_PORT: String(PRIMARY_PORT), REPLICA_STANDBY_PORT: String(STANDBY_PORT) };
    const read = (i: number) =>
      i % 2 === 0
        ? t.app.inject({ method: 'GET', url: '/api/v1/wallet/events', headers: { cookie: member.cookie } })
        : t.app.inject({ method: 'GET', url: '/api/v1/team/members?level=1', headers: { cookie: member.cookie } });
    // Reads in flight while the standby goes down (an immediate shutdown: its connections are cut).
    const fallbacksBefore = t.app.replicaReads.state()!.fallbacks;
    const during = Promise.all(Array.from({ length: 24 }, (_, i) => read(i)));
    await run(SCRIPT, ['standby-stop'], { env });
    const after = await Promise.all(Array.from({ length: 8 }, (_, i) => read(i)));
    const answers = [...(await during), ...after];
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    // At least one read met the stopped standby (in flight, or the first after it) and was handed to the primary.
    expect(t.app.replicaReads.state()!.fallbacks).toBeGreaterThan(fallbacksBefore);
    expect(await purchases(t.app, member)).toBe(1);
    await t.app.replicaReads.check();
    expect(t.app.replicaReads.state()!.up).toBe(false);
    // Down: the reads go straight to the primary, not to the standby first.
    const fallbacks = t.app.replicaReads.state()!.fallbacks;
    expect((await read(0)).statusCode).toBe(200);
    expect(t.app.replicaReads.state()!.fallbacks).toBe(fallbacks);

    await run(SCRIPT, ['standby-start'], { env });
    await caughtUp();
    const before = reads();
    expect(await purchases(t.app, member)).toBe(1);
    expect(reads()).toBe(before + 1);
  });
});
