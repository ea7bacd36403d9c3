import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountBalanceAtSchema,
  adjustBalanceBodySchema,
  balancesAtQuerySchema,
  balancesAtSchema,
  adjustmentResultSchema,
  apiErrorSchema,
  creditRechargeOrderBodySchema,
  ledgerReportSchema,
  listTransactionsQuerySchema,
  listRechargeReviewsQuerySchema,
  paymentChannelCodeSchema,
  paymentChannelListSchema,
  paymentChannelSchema,
  rechargeOrderParamsSchema,
  rechargeOrderSchema,
  rechargeReviewPageSchema,
  rejectRechargeOrderBodySchema,
  sentForApprovalSchema,
  statementPageSchema,
  listStatementEventsQuerySchema,
  statementEventPageSchema,
  upsertPaymentChannelBodySchema,
  walletSchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import { idempotencyHeaders, idempotencyKeyHeaderOf, requireIdempotencyKey, requireIdempotencyKeyHeader } from '../../plugins/idempotency';
import * as recharge from '../recharge/index';
import * as service from './service';
import { consoleRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409, 422);

/** The recharge orders an operator reviews, credits or rejects. */
function rechargeReviewRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/recharge/reviews',
    consoleRoute(
      'recharges',
      'listRechargeReviews',
      'Recharge orders for the operator: the review queue (submitted or flagged) by default, or by status and member',
      { querystring: listRechargeReviewsQuerySchema, response: { 200: rechargeReviewPageSchema, 400: apiErrorSchema } },
    ),
    async (request) => recharge.listReviews(deps, request.query),
  );

  app.post(
    '/recharge/orders/:id/credit',
    {
      ...consoleRoute(
        { permission: 'recharges', accountAction: 'recharge' },
        'creditRechargeOrder',
        'Credit a recharge order to the member (at most once; needs Idempotency-Key)',
        {
          headers: idempotencyHeaders,
          params: rechargeOrderParamsSchema,
          body: creditRechargeOrderBodySchema,
          response: { 200: rechargeOrderSchema, ...errors },
        },
      ),
      // The order keeps the key of its credit (migration 0930): no separate idempotency record.
      preHandler: requireIdempotencyKeyHeader,
    },
    async (request, reply) => {
      const key = idempotencyKeyHeaderOf(request);
      const outcome = await recharge.creditOrder(deps, operatorOf(request), request.params.id, key, request.body?.note);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.order;
    },
  );

  app.post(
    '/recharge/orders/:id/reject',
    {
      ...consoleRoute(
        { permission: 'recharges', accountAction: 'recharge' },
        'rejectRechargeOrder',
        'Reject a recharge order with a reason (needs Idempotency-Key)',
        {
          headers: idempotencyHeaders,
          params: rechargeOrderParamsSchema,
          body: rejectRechargeOrderBodySchema,
          response: { 200: rechargeOrderSchema, ...errors },
        },
      ),
      preHandler: requireIdempotencyKey,
    },
    async (request) => recharge.rejectOrder(deps, operatorOf(request), request.params.id, request.body.reason),
  );
}

/** One member's money as the console sees it: an adjustment, the wallet, entries and events. */
function memberMoneyRoutes(app: RouteApp, deps: ServiceDeps) {
  app.post(
    '/members/:id/adjustments',
    {
      ...consoleRoute(
        { permission: 'adjustments', accountAction: 'adjustment' },
        'adjustBalance',
        "Credit or debit a member's available balance with a reason (audited; needs Idempotency-Key); over the approval threshold, 202 with the request a second person decides",
        {
          headers: idempotencyHeaders,
          params: z.strictObject({ id: z.string().max(100) }),
          body: adjustBalanceBodySchema,
          response: { 201: adjustmentResultSchema, 202: sentForApprovalSchema, ...errors },
        },
      ),
      // The ledger transaction is the idempotency record (ledger_adjust, sql/ledger_adjust.sql).
      preHandler: requireIdempotencyKeyHeader,
    },
    async (request, reply) => {
      const key = idempotencyKeyHeaderOf(request);
      const outcome = await service.adjustBalance(deps, operatorOf(request), request.params.id, request.body, key);
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.sent ? reply.status(202).send(outcome.sent) : reply.status(201).send(outcome.result);
    },
  );

  app.get(
    '/members/:id/wallet',
    consoleRoute('members', 'getMemberWallet', "A member's available and on-hold balance", {
      params: z.strictObject({ id: z.string().max(100) }),
      response: { 200: walletSchema, 404: apiErrorSchema },
    }),
    async (request) => service.memberWallet(deps, request.params.id),
  );

  app.get(
    '/members/:id/transactions',
    consoleRoute(
      'members',
      'listMemberTransactions',
      "A member's ledger entries, every account named, each with that account's balance after",
      {
        params: z.strictObject({ id: z.string().max(100) }),
        querystring: listTransactionsQuerySchema,
        response: { 200: statementPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    ),
    async (request) => service.memberTransactions(deps, request.params.id, request.query),
  );

  app.get(
    '/members/:id/events',
    consoleRoute('members', 'listMemberStatementEvents', "A member's statement of events, as the member reads it", {
      params: z.strictObject({ id: z.string().max(100) }),
      querystring: listStatementEventsQuerySchema,
      response: { 200: statementEventPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => service.memberEvents(deps, request.params.id, request.query),
  );
}

/** Balances at a point in time: a member's (members), any account's (ledger). */
function balanceAtRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/members/:id/balances-at',
    consoleRoute('members', 'getMemberBalancesAt', "A member's balances at an instant (what their entries dated before it sum to)", {
      params: z.strictObject({ id: z.string().max(100) }),
      querystring: balancesAtQuerySchema,
      response: { 200: balancesAtSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => service.memberBalancesAtView(deps, request.params.id, request.query.at),
  );

  app.get(
    '/ledger/accounts/:accountId/balance-at',
    consoleRoute(
      'ledger',
      'getAccountBalanceAt',
      "Any ledger account's balance at an instant: a member account's last running balance before it, a platform account's sealed closing plus its entries since",
      {
        params: z.strictObject({ accountId: z.string().regex(/^\d{1,18}$/, 'Not an account id.') }),
        querystring: balancesAtQuerySchema,
        response: { 200: accountBalanceAtSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    ),
    async (request) => service.accountBalanceAtView(deps, Number(request.params.accountId), request.query.at),
  );
}

/** The ledger's integrity report. */
function ledgerReportRoute(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/ledger/report',
    consoleRoute('ledger', 'getLedgerReport', 'Ledger integrity: balanced transactions, cached balances, no negatives, trial balance', {
      response: { 200: ledgerReportSchema },
    }),
    async () => service.ledgerReport(deps),
  );
}

/** Payment channels: the list, and create or update one. */
function paymentChannelRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/payment-channels',
    consoleRoute('payment_channels', 'listPaymentChannels', 'Every payment channel, enabled or not', {
      response: { 200: paymentChannelListSchema },
    }),
    async () => ({ items: await recharge.listAllChannels(deps) }),
  );

  app.put(
    '/payment-channels/:code',
    consoleRoute('payment_channels', 'upsertPaymentChannel', 'Create or change a payment channel (the webhook secret is write-only)', {
      params: z.strictObject({ code: paymentChannelCodeSchema }),
      body: upsertPaymentChannelBodySchema,
      response: { 200: paymentChannelSchema, 201: paymentChannelSchema, ...errors },
    }),
    async (request, reply) => {
      const { created, channel } = await recharge.upsertPaymentChannel(deps, operatorOf(request), request.params.code, request.body);
      return reply.status(created ? 201 : 200).send(channel);
    },
  );
}

/** Operator console: recharge review, adjustments, ledger integrity, payment channels. Registered inside the operator scope. */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  rechargeReviewRoutes(app, deps);
  memberMoneyRoutes(app, deps);
  ledgerReportRoute(app, deps);
  balanceAtRoutes(app, deps);
  paymentChannelRoutes(app, deps);
};
