import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, replicaRead } from '../../lib/route-app';
import {
  apiErrorSchema,
  listMyCommissionsQuerySchema,
  listTeamMembersQuerySchema,
  myCommissionPageSchema,
  teamMemberPageSchema,
  teamSummarySchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { getTeamSummary, listMyCommissions, listTeamMembers } from './team';

/** The member's team: invite code, the three levels below them, the commissions they brought (read from the replica when there is one). */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team',
    memberRoute('team', 'getTeamSummary', 'My invite code, team size and commissions per level', {
      response: { 200: teamSummarySchema, 401: apiErrorSchema },
    }),
    async (request) => replicaRead(app, request, (deps) => getTeamSummary(deps, authOf(request).userId)),
  );

  app.get(
    '/team/members',
    memberRoute('team', 'listTeamMembers', 'Members one, two or three levels below me, newest first, masked (keyset-paged)', {
      querystring: listTeamMembersQuerySchema,
      response: { 200: teamMemberPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request) => replicaRead(app, request, (deps) => listTeamMembers(deps, authOf(request).userId, request.query)),
  );

  app.get(
    '/team/commissions',
    memberRoute(
      'team',
      'listMyCommissions',
      'My commissions, newest first: level, amount, state (pending until, available, reversed, on review)',
      { querystring: listMyCommissionsQuerySchema, response: { 200: myCommissionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema } },
    ),
    async (request) => replicaRead(app, request, (deps) => listMyCommissions(deps, authOf(request).userId, request.query)),
  );
};
