import { consoleRoute, errorResponses } from '../../lib/route-app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  decideReferralHoldBodySchema,
  listReferralHoldsQuerySchema,
  memberIdParamsSchema,
  memberTreeSchema,
  referralHoldDecisionSchema,
  referralHoldPageSchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import { decideReferralHold, getMemberTree, listReferralHolds } from './console';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409);

/** Operator console: the referral review queue and a member's referral tree. */
export const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, clock: app.clock, config: app.config };

  app.get(
    '/referral-holds',
    consoleRoute(
      'referral_reviews',
      'listReferralHolds',
      'Referral reviews: open ones oldest first with their signals and held commissions, or the decided ones',
      { querystring: listReferralHoldsQuerySchema, response: { 200: referralHoldPageSchema, 400: apiErrorSchema } },
    ),
    async (request) => listReferralHolds(deps, request.query),
  );

  app.post(
    '/referral-holds/:id/decision',
    consoleRoute(
      { movesMoney: true, permission: 'referral_reviews', accountAction: 'referral_review' },
      'decideReferralHold',
      'Release (commissions go on) or void (commissions are reversed) a member’s referral review, with a reason (audited)',
      { params: memberIdParamsSchema, body: decideReferralHoldBodySchema, response: { 200: referralHoldDecisionSchema, ...errors } },
    ),
    async (request) => decideReferralHold(deps, operatorOf(request), request.params.id, request.body),
  );

  app.get(
    '/members/:id/tree',
    consoleRoute('members', 'getMemberTree', 'A member’s referral tree: three levels up and down, counts and totals per level', {
      params: memberIdParamsSchema,
      response: { 200: memberTreeSchema, 404: apiErrorSchema },
    }),
    async (request) => getMemberTree(deps, request.params.id),
  );
};
