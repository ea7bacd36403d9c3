import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  createRechargeOrderBodySchema,
  listRechargeOrdersQuerySchema,
  rechargeChannelListSchema,
  rechargeOrderPageSchema,
  rechargeOrderParamsSchema,
  rechargeOrderSchema,
  submitRechargePaymentBodySchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { idempotencyHeaders, idempotencyKeyOf, requireIdempotencyKey } from '../../plugins/idempotency';
import { cancelOrder } from './cancel-order';
import { listEnabledChannels } from './channels';
import { createOrder } from './create-order';
import { getOrder, listOrders } from './member-orders';
import { submitPayment } from './submit-payment';
import { memberRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

const errors = errorResponses(400, 401, 404, 409, 422);

/** The payment channels a member may pay with. */
function channelsRoute(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/recharge/channels',
    memberRoute('recharge', 'listRechargeChannels', 'Payment channels a member can recharge with', {
      response: { 200: rechargeChannelListSchema, 401: apiErrorSchema },
    }),
    async () => ({ items: await listEnabledChannels(deps()) }),
  );
}

/** A member creates, lists and reads their recharge orders. */
function orderRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.post(
    '/recharge/orders',
    {
      ...memberRoute('recharge', 'createRechargeOrder', 'Create a recharge order (needs Idempotency-Key)', {
        headers: idempotencyHeaders,
        body: createRechargeOrderBodySchema,
        response: { 201: rechargeOrderSchema, ...errors },
      }),
      preHandler: requireIdempotencyKey,
    },
    async (request, reply) => {
      const order = await createOrder(deps(), authOf(request).userId, request.body, idempotencyKeyOf(request));
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/recharge/orders',
    memberRoute('recharge', 'listRechargeOrders', "The member's recharge orders, newest first", {
      querystring: listRechargeOrdersQuerySchema,
      response: { 200: rechargeOrderPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request) => listOrders(deps(), authOf(request).userId, request.query),
  );

  app.get(
    '/recharge/orders/:id',
    memberRoute('recharge', 'getRechargeOrder', 'One of the member’s recharge orders (poll it for live status)', {
      params: rechargeOrderParamsSchema,
      response: { 200: rechargeOrderSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => getOrder(deps(), authOf(request).userId, request.params.id),
  );
}

/** What a member does with an open order: "I have paid", cancel. */
function orderActionRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.post(
    '/recharge/orders/:id/submit',
    memberRoute('recharge', 'submitRechargePayment', '"I have paid": the payer’s reference, for the operator to match', {
      params: rechargeOrderParamsSchema,
      body: submitRechargePaymentBodySchema,
      response: { 200: rechargeOrderSchema, ...errors },
    }),
    async (request) => submitPayment(deps(), authOf(request).userId, request.params.id, request.body.payerReference),
  );

  app.post(
    '/recharge/orders/:id/cancel',
    memberRoute('recharge', 'cancelRechargeOrder', 'Cancel an order still awaiting payment', {
      params: rechargeOrderParamsSchema,
      response: { 200: rechargeOrderSchema, ...errors },
    }),
    async (request) => cancelOrder(deps(), authOf(request).userId, request.params.id),
  );
}

/** The member's side of recharge: channels, orders, "I have paid", cancel. */
export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => depsOf(app);
  channelsRoute(app, deps);
  orderRoutes(app, deps);
  orderActionRoutes(app, deps);
};
