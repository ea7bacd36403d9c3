import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute } from '../../lib/route-app';
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


/** The member's team: invite code, the three levels below them, the commissions they brought. */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, clock: app.clock, config: app.config });

  app.get(
    '/team',
    memberRoute('team', 'getTeamSummary', 'My invite code, team size and commissions per level', {
      response: { 200: teamSummarySchema, 401: apiErrorSchema },
    }),
    async (request) => getTeamSummary(deps(), authOf(request).userId),
  );

  app.get(
    '/team/members',
    memberRoute('team', 'listTeamMembers', 'Members one, two or three levels below me, newest first, masked (keyset-paged)', {
      querystring: listTeamMembersQuerySchema,
      response: { 200: teamMemberPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request) => listTeamMembers(deps(), authOf(request).userId, request.query),
  );

  app.get(
    '/team/commissions',
    memberRoute(
      'team',
      'listMyCommissions',
      'My commissions, newest first: level, amount, state (pending until, available, reversed, on review)',
      { querystring: listMyCommissionsQuerySchema, response: { 200: myCommissionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema } },
    ),
    async (request) => listMyCommissions(deps(), authOf(request).userId, request.query),
  );
};
