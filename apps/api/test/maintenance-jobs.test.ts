import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@orchard/shared';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { asOperator, buy, createPlan, fund, plansWorld, type PlansWorld, quickMember, referralSettings, rows } from './plans/helpers';

const DAY = 86_400_000;
const TOKEN = 'metrics-token-for-tests-1234';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Maintenance mode stops the jobs that move money too (lib/periodic-job.ts, `movesMoney`): while
 * it is on, the commission release skips its ticks and is shown paused (System page, /metrics
 * `orchard_job_paused`), not failing; once it is off the next tick releases what fell due.
 * Jobs that move no money (the dashboard rollup, the chain, seals) go on.
 */
describe.each(DATABASE_KINDS)('maintenance mode and the jobs on %s', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let beneficiary: { userId: string; cookie: string };
  let planId: string;

  const commissionStates = async () =>
    (
      await rows<{ status: string }>(t.database.handle.db, sql`select status from commissions where beneficiary_id = ${beneficiary.userId}`)
    ).map((row) => row.status);
  const releaseJobs = async () => {
    const status = await asOperator(w, 'GET', '/system');
    expect(status.statusCode, status.body).toBe(200);
    return (status.json() as SystemStatus).jobs;
  };
  const releaseJob = async () => (await releaseJobs()).find((job) => job.name === 'commission release')!;
  const turn = (on: boolean) => asOperator(w, 'PUT', '/maintenance', { on, reason: on ? 'Upgrade to 2.0' : 'Upgrade done' });

  beforeAll(async () => {
    t = await createTestApp(kind, { COMMISSION_RELEASE_POLL_MS: '40', DASHBOARD_ROLLUP_POLL_MS: '40', METRICS_TOKEN: TOKEN });
    w = await plansWorld(t);
    const settings = referralSettings();
    expect((await asOperator(w, 'PUT', '/referral-settings', settings)).statusCode).toBe(200);
    const plan = await createPlan(w, { price: 1_000 });
    planId = plan.id;
    beneficiary = await quickMember(t);
    const buyer = await quickMember(t, { referrerId: beneficiary.userId });
    await fund(w, buyer.userId, 1_000);
    expect((await buy(w, buyer, plan.id)).statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => t?.close());

  it('holds the commission release while on (paused, not failing) and releases what fell due once off', async () => {
    expect(await commissionStates()).toEqual(['pending']);
    expect((await turn(true)).statusCode).toBe(200);
    t.clock.advance(DAY + 60_000);
    // Many ticks of 40 ms: none may release while maintenance is on.
    await sleep(600);
    expect(await commissionStates()).toEqual(['pending']);
    const paused = await releaseJob();
    expect(paused).toMatchObject({ paused: true, failures: 0, lastError: null });
    const runsWhilePaused = paused.runs;
    await sleep(200);
    expect((await releaseJob()).runs).toBe(runsWhilePaused);

    expect((await turn(false)).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await commissionStates())[0] !== 'available'; i++) await sleep(50);
    expect(await commissionStates()).toEqual(['available']);
    const running = await releaseJob();
    expect(running.paused).toBe(false);
    expect(running.runs).toBeGreaterThan(runsWhilePaused);
    expect(running.failures).toBe(0);
  });

  it('says so on /metrics: orchard_job_paused is 1 for the release only while on, a job that moves no money runs on, refusals are counted apart', async () => {
    const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const gauge = (text: string, job: string) => text.match(new RegExp(`orchard_job_paused\\{job="${job}"\\} (\\d)`))?.[1];
    expect((await turn(true)).statusCode).toBe(200);
    await sleep(200);
    const rollupRuns = (await releaseJobs()).find((job) => job.name === 'dashboard rollup')!.runs;
    await sleep(300);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/plans/${planId}/purchase`,
      headers: { cookie: beneficiary.cookie, 'idempotency-key': 'maintenance-metrics-1' },
      payload: {},
    });
    expect(refused.statusCode).toBe(503);
    const during = await scrape();
    // The server-error alert subtracts these from the 503s (deploy/prometheus/alerts.yml).
    expect(during).toMatch(/orchard_maintenance_refusals_total\{method="POST",route="\/api\/v1\/plans\/:id\/purchase"\} 1/);
    expect(during).toMatch(/orchard_http_requests_total\{method="POST",route="\/api\/v1\/plans\/:id\/purchase",status="503"\} 1/);
    expect(gauge(during, 'commission release')).toBe('1');
    expect(gauge(during, 'dashboard rollup')).toBe('0');
    expect((await releaseJobs()).find((job) => job.name === 'dashboard rollup')!.runs).toBeGreaterThan(rollupRuns);
    expect((await turn(false)).statusCode).toBe(200);
    await sleep(200);
    expect(gauge(await scrape(), 'commission release')).toBe('0');
  });
});
