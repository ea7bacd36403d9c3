import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@orchard/shared';
import { unauthenticated } from '../../errors';

/** The signed-in member. Sessions arrive with the accounts module; until then nobody is signed in. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['accounts'],
        summary: 'The signed-in member',
        response: { 401: apiErrorSchema },
      },
    },
    async () => {
      throw unauthenticated();
    },
  );
};
