import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminCouponPageSchema,
  adminCouponSchema,
  adminPlanListSchema,
  adminPlanSchema,
  adminPurchasePageSchema,
  adminPurchaseSchema,
  apiErrorSchema,
  couponParamsSchema,
  couponRedemptionPageSchema,
  createCouponBodySchema,
  generateCouponsBodySchema,
  generatedCouponsSchema,
  listCouponRedemptionsQuerySchema,
  listCouponsQuerySchema,
  listPurchasesQuerySchema,
  planParamsSchema,
  referralSettingsSchema,
  refundPurchaseBodySchema,
  sentForApprovalSchema,
  updateCouponBodySchema,
  updateReferralSettingsBodySchema,
  upsertPlanBodySchema,
} from '@orchard/shared';
import { idempotencyHeaders, idempotencyKeyHeaderOf, requireIdempotencyKey } from '../../plugins/idempotency';
import { operatorOf } from '../../plugins/operator-scope';
import { createPlan, listPlansForConsole, updatePlan } from './catalog';
import { createCoupon, exportCouponsCsv, generateCoupons, listCouponRedemptions, listCouponsForConsole, updateCoupon } from './coupons';
import { listPurchasesForConsole } from './purchases-console';
import { refundPurchase } from './refund';
import { getReferralSettings, updateReferralSettings } from './settings';
import { consoleRoute, csvResponse, dayStamp, depsOf, type RouteApp, sendCsv, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409, 422);

/** The plan catalogue: list, create, edit. */
function planCatalogRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get('/plans', consoleRoute('plans', 'listAdminPlans', 'Every plan', { response: { 200: adminPlanListSchema } }), async () =>
    listPlansForConsole(deps),
  );

  app.post(
    '/plans',
    consoleRoute('plans', 'createPlan', 'Create a plan (audited)', {
      body: upsertPlanBodySchema,
      response: { 201: adminPlanSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await createPlan(deps, operatorOf(request), request.body)),
  );

  app.put(
    '/plans/:id',
    consoleRoute('plans', 'updatePlan', 'Edit a plan (audited with before and after)', {
      params: planParamsSchema,
      body: upsertPlanBodySchema,
      response: { 200: adminPlanSchema, ...errors },
    }),
    async (request) => updatePlan(deps, operatorOf(request), request.params.id, request.body),
  );
}

/** The coupon list and its CSV export. */
function couponReadRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/coupons',
    consoleRoute('coupons', 'listCoupons', 'Coupons, newest first', {
      querystring: listCouponsQuerySchema,
      response: { 200: adminCouponPageSchema, 400: apiErrorSchema },
    }),
    async (request) => listCouponsForConsole(deps, request.query),
  );

  app.get(
    '/coupons/export.csv',
    consoleRoute('coupons', 'exportCoupons', 'Coupons as CSV (same filters as the list, at most 10,000 rows)', {
      querystring: listCouponsQuerySchema.omit({ cursor: true, limit: true }),
      produces: ['text/csv'],
      response: { 200: csvResponse, 400: apiErrorSchema },
    }),
    async (request, reply) => {
      return sendCsv(reply, `coupons-${dayStamp(app)}.csv`, await exportCouponsCsv(deps, request.query));
    },
  );
}

/** Coupons: create, generate a batch, edit, and each one's redemptions. */
function couponRoutes(app: RouteApp, deps: ServiceDeps) {
  app.post(
    '/coupons',
    consoleRoute('coupons', 'createCoupon', 'Create a coupon (audited)', {
      body: createCouponBodySchema,
      response: { 201: adminCouponSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await createCoupon(deps, operatorOf(request), request.body)),
  );

  app.post(
    '/coupons/generate',
    consoleRoute('coupons', 'generateCoupons', 'Generate a batch of random single codes with the same terms (audited)', {
      body: generateCouponsBodySchema,
      response: { 201: generatedCouponsSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await generateCoupons(deps, operatorOf(request), request.body)),
  );

  app.put(
    '/coupons/:id',
    consoleRoute('coupons', 'updateCoupon', 'Edit a coupon; its code stays (audited)', {
      params: couponParamsSchema,
      body: updateCouponBodySchema,
      response: { 200: adminCouponSchema, ...errors },
    }),
    async (request) => updateCoupon(deps, operatorOf(request), request.params.id, request.body),
  );

  app.get(
    '/coupons/:id/redemptions',
    consoleRoute('coupons', 'listCouponRedemptions', 'Who used a coupon, newest first', {
      params: couponParamsSchema,
      querystring: listCouponRedemptionsQuerySchema,
      response: { 200: couponRedemptionPageSchema, ...errors },
    }),
    async (request) => listCouponRedemptions(deps, request.params.id, request.query),
  );
}

/** Purchases: the list, and a refund. */
function purchaseRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/purchases',
    consoleRoute('purchases', 'listPurchases', 'Purchases with their commissions, filtered by member, plan, status and date', {
      querystring: listPurchasesQuerySchema,
      response: { 200: adminPurchasePageSchema, 400: apiErrorSchema },
    }),
    async (request) => listPurchasesForConsole(deps, request.query),
  );

  app.post(
    '/purchases/:id/refund',
    {
      ...consoleRoute(
        { permission: 'purchases', accountAction: 'refund' },
        'refundPurchase',
        'Refund a purchase with a reason (needs Idempotency-Key; override past the window or after a commission was released); an override whose claw-back debt is over the approval threshold: 202 with the request a second person decides',
        {
          headers: idempotencyHeaders,
          params: planParamsSchema,
          body: refundPurchaseBodySchema,
          response: { 200: adminPurchaseSchema, 202: sentForApprovalSchema, ...errors },
        },
      ),
      preHandler: requireIdempotencyKey,
    },
    async (request, reply) => {
      const outcome = await refundPurchase(deps, operatorOf(request), request.params.id, request.body, idempotencyKeyHeaderOf(request));
      return outcome.sent ? reply.status(202).send(outcome.sent) : outcome.purchase;
    },
  );
}

/** The referral settings (rates, holding period). */
function referralSettingsRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/referral-settings',
    consoleRoute('referral_settings', 'getReferralSettings', 'Commission rates, cap and periods', {
      response: { 200: referralSettingsSchema },
    }),
    async () => getReferralSettings(deps),
  );

  app.put(
    '/referral-settings',
    consoleRoute(
      'referral_settings',
      'updateReferralSettings',
      'Change the commission rates, cap and periods (audited; past commissions keep their rates); while two-person approval is on, 202 with the request a second person decides',
      { body: updateReferralSettingsBodySchema, response: { 200: referralSettingsSchema, 202: sentForApprovalSchema, ...errors } },
    ),
    async (request, reply) => {
      const outcome = await updateReferralSettings(deps, operatorOf(request), request.body);
      if (outcome.sent && outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.sent ? reply.status(202).send(outcome.sent) : outcome.settings;
    },
  );
}

/** Operator console: plans, coupons, purchases and refunds, referral settings. Registered inside the operator scope. */
export const adminPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  planCatalogRoutes(app, deps);
  couponReadRoutes(app, deps);
  couponRoutes(app, deps);
  purchaseRoutes(app, deps);
  referralSettingsRoutes(app, deps);
};
