import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, clientErrorReportSchema, healthSchema, readySchema } from '@orchard/shared';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';

/** Liveness and readiness for load balancers and orchestrators. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/api/health',
    { schema: { operationId: 'getHealth', tags: ['system'], summary: 'The process is up', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        operationId: 'getReady',
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database did not answer');
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.post(
    '/api/v1/client-errors',
    {
      schema: {
        operationId: 'reportClientError',
        tags: ['system'],
        summary: 'Record an error the web app hit, for the server log',
        body: clientErrorReportSchema,
        response: { 204: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, 'client error reported');
      return reply.status(204).send(null);
    },
  );
};
