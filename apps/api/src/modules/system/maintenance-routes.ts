import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, maintenanceStatusSchema, setMaintenanceBodySchema } from '@orchard/shared';
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
    {
      config: { permission: 'maintenance' },
      schema: {
        operationId: 'setMaintenance',
        tags: ['admin'],
        summary: 'Turn maintenance mode on (money stops moving; reads go on) or off (audited)',
        body: setMaintenanceBodySchema,
        response: { 200: maintenanceStatusSchema, 400: apiErrorSchema },
      },
    },
    async (request) => maintenance.set(operatorOf(request), request.body),
  );
};
