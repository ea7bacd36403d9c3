import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  commissionSummarySchema,
  listMyPurchasesQuerySchema,
  myCouponListSchema,
  planListSchema,
  planParamsSchema,
  planSchema,
  purchasePageSchema,
  purchasePlanBodySchema,
  purchaseQuoteSchema,
  purchaseSchema,
  quotePurchaseQuerySchema,
  redeemCouponBodySchema,
  redeemCouponResultSchema,
} from '@orchard/shared';
import { requestLanguage } from '../../i18n/translate';
import { authOf } from '../../plugins/auth';
import {
  idempotencyHeaders,
  idempotencyKeyHeaderOf,
  idempotencyKeyOf,
  requireIdempotencyKey,
  requireIdempotencyKeyHeader,
} from '../../plugins/idempotency';
import { getPlanForMember, listPlansForMember } from './catalog';
import { getCommissionSummary } from './commissions';
import { withinCouponBudget, type CouponGuesser } from './coupon-guesses';
import { listMyCoupons, redeemCoupon } from './coupons';
import { purchasePlan, quotePurchase } from './purchase';
import { listMyPurchases } from './purchases-console';
import { memberRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

const errors = errorResponses(400, 401, 404, 409, 422, 429);
const tags = ['plans'];

/** Whoever types a coupon code, for its budget of codes that do not exist (coupon-guesses.ts). */
function guesserOf(app: RouteApp, request: FastifyRequest): CouponGuesser {
  return { limiter: app.rateLimiter, userId: authOf(request).userId, ip: request.ip ?? null };
}

/** The plans on sale, one plan, and a quote with or without a coupon. */
function catalogRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/plans',
    memberRoute('plans', 'listPlans', 'Plans on sale (and sold out ones still in their sale window)', {
      response: { 200: planListSchema, 401: apiErrorSchema },
    }),
    async (request) => listPlansForMember(deps(), authOf(request).userId, requestLanguage(request)),
  );

  app.get(
    '/plans/:id',
    memberRoute('plans', 'getPlan', 'One plan', {
      params: planParamsSchema,
      response: { 200: planSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => getPlanForMember(deps(), authOf(request).userId, request.params.id, requestLanguage(request)),
  );

  app.get(
    '/plans/:id/quote',
    memberRoute(
      'plans',
      'quotePurchase',
      'What the member would pay, with an optional coupon, and why it could not be bought now (changes nothing)',
      {
        params: planParamsSchema,
        querystring: quotePurchaseQuerySchema,
        response: { 200: purchaseQuoteSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    ),
    async (request) => {
      const quote = () => quotePurchase(deps(), authOf(request).userId, request.params.id, request.query.coupon);
      if (request.query.coupon === undefined) return quote();
      return withinCouponBudget(guesserOf(app, request), quote, (result) => result.coupon?.reason === 'not_found');
    },
  );
}

/** A purchase, and the member's purchases. */
function purchaseRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.post(
    '/plans/:id/purchase',
    {
      schema: {
        operationId: 'purchasePlan',
        tags,
        summary: 'Buy a plan from the wallet (needs Idempotency-Key: a retry returns the same purchase)',
        headers: idempotencyHeaders,
        params: planParamsSchema,
        body: purchasePlanBodySchema,
        response: { 201: purchaseSchema, ...errors },
      },
      // The purchase row keeps the key (docs/decisions/0012): no separate idempotency record.
      config: { access: 'member' },
      preHandler: requireIdempotencyKeyHeader,
    },
    async (request, reply) => {
      const purchase = () => purchasePlan(deps(), authOf(request).userId, request.params.id, request.body, idempotencyKeyHeaderOf(request));
      const outcome = request.body.coupon ? await withinCouponBudget(guesserOf(app, request), purchase) : await purchase();
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(outcome.purchase);
    },
  );

  app.get(
    '/me/purchases',
    memberRoute('plans', 'listMyPurchases', "The member's plans, newest first", {
      querystring: listMyPurchasesQuerySchema,
      response: { 200: purchasePageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request) => listMyPurchases(deps(), authOf(request).userId, request.query, requestLanguage(request)),
  );
}

/** The member's coupons, and redeeming one. */
function couponRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/me/coupons',
    memberRoute('plans', 'listMyCoupons', "The member's coupons: saved, used or assigned", {
      response: { 200: myCouponListSchema, 401: apiErrorSchema },
    }),
    async (request) => listMyCoupons(deps(), authOf(request).userId, requestLanguage(request)),
  );

  app.post(
    '/me/coupons/redeem',
    {
      schema: {
        operationId: 'redeemCoupon',
        tags,
        summary: 'Redeem a code: a wallet credit is paid in now, a plan coupon is kept for checkout (needs Idempotency-Key)',
        headers: idempotencyHeaders,
        body: redeemCouponBodySchema,
        response: { 200: redeemCouponResultSchema, ...errors },
      },
      // A refused code moved nothing: its key is released, so misses leave no idempotency records.
      config: { access: 'member', idempotencyKeepsRefusals: false },
      preHandler: requireIdempotencyKey,
    },
    async (request) =>
      withinCouponBudget(guesserOf(app, request), () =>
        redeemCoupon(deps(), authOf(request).userId, request.body.code, idempotencyKeyOf(request), requestLanguage(request)),
      ),
  );
}

/** The member's commissions. */
function commissionRoute(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/me/commissions',
    memberRoute('plans', 'getCommissionSummary', "The member's commissions: pending, released, owed", {
      response: { 200: commissionSummarySchema, 401: apiErrorSchema },
    }),
    async (request) => getCommissionSummary(deps(), authOf(request).userId),
  );
}

/** The member's side of plans: the catalogue, quotes, purchases, coupons and commissions. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => depsOf(app);
  catalogRoutes(app, deps);
  purchaseRoutes(app, deps);
  couponRoutes(app, deps);
  commissionRoute(app, deps);
};
