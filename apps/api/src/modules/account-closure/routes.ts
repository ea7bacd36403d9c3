import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountClosureListSchema, closeAccountBodySchema, closureStatusSchema } from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { clearSessionCookie } from '../accounts/index';
import { consoleRoute, depsOf, errorResponses, memberRoute } from '../../lib/route-app';
import { closeAccount, closureStatus, listClosures } from './service';

/** "Close my account" (/profile → /close-account): whether it may close now, and the closing. */
export const accountClosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/closure',
    memberRoute('accounts', 'getClosureStatus', 'Whether my account may be closed now, and what is still open if not', {
      response: { 200: closureStatusSchema, ...errorResponses(401, 404) },
    }),
    async (request) => closureStatus(depsOf(app), authOf(request).userId),
  );

  app.post(
    '/me/closure',
    memberRoute(
      'accounts',
      'closeAccount',
      'Closes my account after the password step-up: personal data erased, the ledger kept under a pseudonym, every session ended',
      { body: closeAccountBodySchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    ),
    async (request, reply) => {
      await closeAccount(depsOf(app), authOf(request));
      clearSessionCookie(request, reply, app.config);
      return reply.code(204).send(null);
    },
  );
};

/** Closed accounts for the console: support sees that they happened, not who they were. */
export const adminClosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/closures',
    consoleRoute('members', 'listAccountClosures', 'Closed accounts, newest first: when, and a pseudonym (never who)', {
      response: { 200: accountClosureListSchema, ...errorResponses(401, 403) },
    }),
    async () => listClosures(depsOf(app)),
  );
};
