import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle, Db } from '../db/client';
import type { ReplicaState } from '../db/replica';
import { unauthenticated } from '../errors';
import { moneyPostedTotals } from '../lib/money-posted';
import { jobHealthOf } from '../lib/periodic-job';
import { queueOldestSeconds, queueSizes } from '../lib/queue-sizes';
import { refusedForMaintenance } from './maintenance';

/** Each periodic job's runs on this instance (lib/periodic-job.ts). */
function registerJobGauges(registry: Registry, app: FastifyInstance) {
  const jobGauge = (name: string, help: string, value: (job: ReturnType<typeof jobHealthOf>[number]) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['job'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const job of jobHealthOf(app)) {
          const measured = value(job);
          if (measured !== null) this.set({ job: job.name }, measured);
        }
      },
    });
  const startedAt = new Date();
  const seconds = (at: Date | null) => (at ? at.getTime() / 1000 : null);
  jobGauge('orchard_job_runs_total', 'Runs of a periodic job on this instance', (job) => job.runs);
  jobGauge('orchard_job_failures_total', 'Failed runs of a periodic job on this instance', (job) => job.failures);
  jobGauge('orchard_job_last_success_timestamp_seconds', 'When a periodic job last ran through', (job) => seconds(job.lastSuccessAt));
  jobGauge('orchard_job_last_failure_timestamp_seconds', 'When a periodic job last failed', (job) => seconds(job.lastFailureAt));
  jobGauge('orchard_job_paused', 'Whether a job that moves money waits for maintenance mode to end (1) or not (0)', (job) =>
    job.paused ? 1 : 0,
  );
  jobGauge('orchard_job_lag_seconds', 'Time since a periodic job last ran through (or since start when never)', (job) =>
    job.pollMs > 0 ? (Date.now() - (job.lastSuccessAt ?? startedAt).getTime()) / 1000 : null,
  );
}

/** This instance's PostgreSQL pool (none on PGlite): connections open, idle and in use, requests waiting for one. */
function registerPoolGauges(registry: Registry, database: DatabaseHandle) {
  new Gauge({
    name: 'orchard_db_pool_connections',
    help: 'Database pool connections on this instance, by state (open, idle, waiting requests, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });
}

/** The read replica (DATABASE_REPLICA_URL; nothing without one): reachable, its lag, reads it answered and reads handed to the primary. */
function registerReplicaGauges(registry: Registry, app: FastifyInstance) {
  if (!app.replicaReads.state()) return;
  const gauge = (name: string, help: string, value: (state: ReplicaState) => number | null) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const state = app.replicaReads.state();
        const measured = state && value(state);
        if (measured !== null && measured !== undefined) this.set(measured);
      },
    });
  gauge('orchard_replica_up', 'The read replica was reached and is a standby at the last check (1) or not (0)', (state) => (state.up ? 1 : 0));
  gauge('orchard_replica_lag_seconds', 'How far the read replica is behind the primary at most; no value when unknown', (state) =>
    state.lagMs === null ? null : state.lagMs / 1000,
  );
  gauge('orchard_replica_reads_total', 'Reads the read replica answered on this instance', (state) => state.reads);
  gauge('orchard_replica_fallbacks_total', 'Reads the read replica failed on this instance, answered by the primary', (state) => state.fallbacks);
}

/** What waits for operators or jobs, and the money posted per kind: read from the database at each scrape. */
function registerDatabaseGauges(registry: Registry, db: Db) {
  const postedTotals = moneyPostedTotals(db);
  new Gauge({
    name: 'orchard_queue_size',
    help: 'Items waiting for an operator or a job: recharges to review, payouts to make, referral holds open',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const sizes = await queueSizes(db);
      for (const [queue, size] of Object.entries(sizes)) this.set({ queue }, size);
    },
  });
  new Gauge({
    name: 'orchard_queue_oldest_seconds',
    help: 'How long the oldest item of a queue has waited (0 when it is empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const ages = await queueOldestSeconds(db);
      for (const [queue, seconds] of Object.entries(ages)) this.set({ queue }, Math.max(0, Math.round(seconds)));
    },
  });
  new Gauge({
    name: 'orchard_money_posted_minor_total',
    help: 'Money posted to the ledger per transaction kind (sum of the credit side, minor units), as far as the hash chain has linked',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, posted] of await postedTotals()) this.set({ kind }, Number(posted));
    },
  });
}

/**
 * `GET /metrics` in the Prometheus text format (prom-client), only when METRICS_TOKEN is set and
 * only with `Authorization: Bearer <METRICS_TOKEN>`: HTTP requests per route (rate, 5xx, latency),
 * each periodic job's runs, failures and last success (lib/periodic-job.ts), the read replica, the queues operators
 * work through (their size and oldest item), the database pool, the last ledger check's findings,
 * and the money posted per transaction kind. Off (404) without the token.
 */
async function registerMetrics(app: FastifyInstance, options: { ledgerFindings?: () => number | null }) {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'orchard_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'orchard_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'orchard_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Counted among the 503s above too: the server-error alert takes them out (deploy/prometheus/alerts.yml).
  const refusals = new Counter({
    name: 'orchard_maintenance_refusals_total',
    help: 'Money requests answered 503 MAINTENANCE because maintenance mode was on, by route',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    if (refusedForMaintenance(request)) refusals.inc({ method: request.method, route });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  registerJobGauges(registry, app);
  registerPoolGauges(registry, app.database);
  registerReplicaGauges(registry, app);
  new Gauge({
    name: 'orchard_ledger_findings',
    help: "Findings of this instance's last ledger check (since the last sealed day); no value before its first run",
    registers: [registry],
    collect() {
      const findings = options.ledgerFindings?.() ?? null;
      if (findings !== null) this.set(findings);
    },
  });
  registerDatabaseGauges(registry, app.database.db);

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthenticated();
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
}

export const metricsPlugin = fp(registerMetrics, { name: 'orchard-metrics' });
