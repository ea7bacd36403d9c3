import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@orchard/shared';

/** GET /events: the signed-in person's server-sent event stream (hub.ts). */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      config: { access: 'member' },
      // No compression: each event must leave the moment it is written.
      compress: false,
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary:
          'Server-sent events: `balance`, `order`, `withdrawal` for the member, `queues` for console staff; each means “refetch this”. Heartbeat every 20 s. Closed when the session ends or the role changes; 429 past EVENT_STREAMS_PER_MEMBER / EVENT_STREAMS_PER_ADDRESS open streams.',
        querystring: z.strictObject({}),
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream'), 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    (request, reply) => {
      app.openEventStream(request, reply);
    },
  );
};
