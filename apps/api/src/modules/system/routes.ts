import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, CLIENT_ERROR_LIMITS, clientErrorReportSchema, healthSchema, readySchema } from '@orchard/shared';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import type { RateRule } from '../accounts/index';
import { ClientErrorLog } from './client-error-log';

/** Crash reports per address: a page that crashes in a loop is still a handful a minute. */
const clientErrorsPerAddress: RateRule = {
  name: 'client-errors-ip',
  max: CLIENT_ERROR_LIMITS.perAddressPerMinute,
  windowMs: 60_000,
  message: 'Too many error reports from your network. Try again in {wait}.',
};
/** The largest valid report is about 13 KB of UTF-8 (a stack of 4,000 three-byte characters). */
const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

/** Liveness and readiness for load balancers and orchestrators. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { operationId: 'getHealth', tags: ['system'], summary: 'The process is up', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
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

  const clientErrors = new ClientErrorLog(app.log, CLIENT_ERROR_LIMITS.repeatWindowMs);
  // Counts of repeats are logged when their window ends, even if the failure never comes back.
  const flushTimer = setInterval(() => clientErrors.flush(app.clock.now()), 60_000).unref();
  app.addHook('onClose', async () => {
    clearInterval(flushTimer);
    clientErrors.flush();
  });

  app.post(
    '/api/v1/client-errors',
    {
      config: { access: 'public' },
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      schema: {
        operationId: 'reportClientError',
        tags: ['system'],
        summary: 'Record an error the web app hit, for the server log (size-capped, rate-limited per address)',
        body: clientErrorReportSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 413: apiErrorSchema, 429: apiErrorSchema },
      },
      // Counted before the body is validated, so malformed floods spend the same budget.
      preValidation: async (request) => {
        await app.rateLimiter.consume([[clientErrorsPerAddress, request.ip]]);
      },
    },
    async (request, reply) => {
      clientErrors.record(request.body, { reqId: request.id, ip: request.ip }, app.clock.now());
      return reply.status(204).send(null);
    },
  );
};
