import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleRoute } from '../../lib/route-app';
import { dashboardSchema } from '@orchard/shared';
import { periodicJob } from '../../lib/periodic-job';
import { getDashboard, runDashboardRollup } from './dashboard';

/** Operator console: the dashboard (queues, totals, 30 days of figures). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, clock: app.clock, config: app.config };
  app.get(
    '/dashboard',
    consoleRoute(
      'ledger',
      'getDashboard',
      'Exact queue counts and totals for today, 7 and 30 days, from the hourly rollup (refreshed when older than 15 s)',
      { response: { 200: dashboardSchema } },
    ),
    async (request) => getDashboard(deps, (work) => app.replicaReads.run(request, work)),
  );
};

/**
 * Every DASHBOARD_ROLLUP_POLL_MS each instance runs the hourly rollup (sql/dashboard_rollup.sql); the mark is
 * taken with SKIP LOCKED, so instances never run it twice at once.
 */
async function registerRollupJob(app: FastifyInstance) {
  periodicJob(app, 'dashboard rollup', app.config.DASHBOARD_ROLLUP_POLL_MS, () =>
    runDashboardRollup({ db: app.database.db, clock: app.clock, config: app.config }),
  );
}

export const dashboardRollupJob = fp(registerRollupJob, { name: 'orchard-dashboard-rollup' });
