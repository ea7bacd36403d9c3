import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkChainNow } from '../src/ledger/index';
import { jobHealthOf, periodicJob } from '../src/lib/periodic-job';
import { createTestApp, type TestApp } from './app';
import { registerMember } from './auth';
import { rechargeMember } from './books-helpers';

/*
 * /metrics (issue 30): Prometheus text behind METRICS_TOKEN (a wrong or missing token is a 401, no
 * token configured is no route at all): requests per route and status, latency, the periodic jobs,
 * the queues and the money posted per kind.
 */
const TOKEN = 'metrics-token-for-tests-1234';

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN, DASHBOARD_ROLLUP_POLL_MS: '50', LEDGER_CHECK_POLL_MS: '50' });
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only with the token, in the Prometheus format, with routes, jobs, queues and money', async () => {
    await registerMember(t);
    await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-of-the-same-len')).statusCode).toBe(401);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(/orchard_http_requests_total\{method="POST",route="\/api\/v1\/auth\/register",status="201"\} 1/);
    expect(text).toMatch(/orchard_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).toContain('orchard_http_request_duration_seconds_bucket');
    expect(text).toMatch(/orchard_job_runs_total\{job="dashboard rollup"\} [1-9]/);
    expect(text).toMatch(/orchard_job_last_success_timestamp_seconds\{job="dashboard rollup"\} \d/);
    expect(text).toMatch(/orchard_queue_size\{queue="payouts"\} \d+/);
    expect(text).toMatch(/orchard_queue_oldest_seconds\{queue="payouts"\} 0/);
    expect(text).toContain('orchard_money_posted_minor_total');
    expect(text).toMatch(/orchard_job_runs_total\{job="ledger check"\} [1-9]/);
    expect(text).toMatch(/^orchard_ledger_findings 0$/m);
    expect(text).toContain('orchard_process_cpu_seconds_total');
    // One session on PGlite: no pool to report.
    expect(text).not.toMatch(/orchard_db_pool_connections\{/);
  });

  it('adds the money the chain has linked since the last scrape, once, however many scrape at once', async () => {
    const posted = async () => {
      const texts = await Promise.all([1, 2].map(() => scrape(`Bearer ${TOKEN}`).then((response) => response.body)));
      const values = texts.map((text) => Number(/orchard_money_posted_minor_total\{kind="recharge"\} (\d+)/.exec(text)?.[1] ?? 0));
      expect(values[0]).toBe(values[1]);
      return values[0]!;
    };
    const before = await posted();
    const member = await rechargeMember(t.database.handle.db, [1500, 250]);
    expect(await posted()).toBe(before);
    await linkChainNow(t.database.handle.db);
    expect(await posted()).toBe(before + 1750);
    await rechargeMember(t.database.handle.db, [5], member.memberId);
    await linkChainNow(t.database.handle.db);
    expect(await posted()).toBe(before + 1755);
  });

  // Declared only where there is a PostgreSQL server (and so a pool).
  if (process.env.TEST_DATABASE_URL) {
    it('reports the PostgreSQL pool: open, idle, waiting and its limit', async () => {
      const onPostgres = await createTestApp('postgres', { METRICS_TOKEN: TOKEN });
      try {
        await registerMember(onPostgres);
        const text = (await onPostgres.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
        const max = Number(/orchard_db_pool_connections\{state="max"\} (\d+)/.exec(text)?.[1]);
        const open = Number(/orchard_db_pool_connections\{state="open"\} (\d+)/.exec(text)?.[1]);
        expect(max).toBeGreaterThan(0);
        expect(open).toBeGreaterThanOrEqual(1);
        expect(open).toBeLessThanOrEqual(max);
        expect(text).toMatch(/orchard_db_pool_connections\{state="waiting"\} 0/);
      } finally {
        await onPostgres.close();
      }
    });
  }

  it('is no route at all without METRICS_TOKEN', async () => {
    const off = await createTestApp('pglite');
    try {
      expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('periodic job health', () => {
  it('counts runs and failures and keeps the last failure’s reason', async () => {
    const app = Fastify({ logger: false });
    let calls = 0;
    periodicJob(app, 'flaky job', 10, async () => {
      calls++;
      if (calls % 2 === 1) throw new Error('relation "missing_table" does not exist');
    });
    await app.ready();
    await new Promise((resolve) => setTimeout(resolve, 120));
    await app.close();
    const [job] = jobHealthOf(app);
    expect(job).toMatchObject({ name: 'flaky job', pollMs: 10, lastError: 'relation "missing_table" does not exist' });
    expect(job!.runs).toBeGreaterThanOrEqual(2);
    expect(job!.failures).toBeGreaterThanOrEqual(1);
    expect(job!.lastSuccessAt).toBeInstanceOf(Date);
  });
});
