import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleRoute } from '../../lib/route-app';
import { apiErrorSchema, maintenanceStatusSchema, setMaintenanceBodySchema, systemStatusSchema } from '@orchard/shared';
import { jobHealthOf } from '../../lib/periodic-job';
import { queueSizes } from '../../lib/queue-sizes';
import { operatorOf } from '../../plugins/operator-scope';
import type { MaintenanceSwitch } from './maintenance';

/** Whether money moves now: the app's and the console's banner read it. */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ maintenance: MaintenanceSwitch }> = async (app, { maintenance }) => {
  app.get(
    '/maintenance',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getMaintenance',
        tags: ['system'],
        summary: 'Whether maintenance mode is on (money-moving requests answer 503 MAINTENANCE)',
        response: { 200: maintenanceStatusSchema },
      },
    },
    async () => maintenance.status(),
  );
};

/** The operator's switch, inside the operator scope (permission maintenance; audited). */
export const adminMaintenanceRoutes: FastifyPluginAsyncZod<{ maintenance: MaintenanceSwitch }> = async (app, { maintenance }) => {
  app.put(
    '/maintenance',
    consoleRoute('maintenance', 'setMaintenance', 'Turn maintenance mode on (money stops moving; reads go on) or off (audited)', {
      body: setMaintenanceBodySchema,
      response: { 200: maintenanceStatusSchema, 400: apiErrorSchema },
    }),
    async (request) => maintenance.set(operatorOf(request), request.body),
  );

  app.get(
    '/system',
    consoleRoute(
      'maintenance',
      'getSystemStatus',
      'Each periodic job’s runs and failures on this instance, the queues and maintenance mode',
      { response: { 200: systemStatusSchema } },
    ),
    async () => {
      const iso = (at: Date | null) => (at ? at.toISOString() : null);
      const queues = await queueSizes(app.database.db);
      return {
        jobs: jobHealthOf(app).map((job) => ({
          ...job,
          lastStartedAt: iso(job.lastStartedAt),
          lastSuccessAt: iso(job.lastSuccessAt),
          lastFailureAt: iso(job.lastFailureAt),
        })),
        queues: {
          rechargesToReview: Number(queues.rechargesToReview),
          payouts: Number(queues.payouts),
          referralHolds: Number(queues.referralHolds),
        },
        maintenance: await maintenance.status(),
        at: app.clock.now().toISOString(),
      };
    },
  );
};
