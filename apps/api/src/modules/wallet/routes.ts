import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  listStatementEventsQuerySchema,
  listTransactionsQuerySchema,
  periodBalancesQuerySchema,
  periodBalancesSchema,
  statementEventFilterQuerySchema,
  statementEventPageSchema,
  statementFilterQuerySchema,
  statementPageSchema,
  walletSchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import * as service from './service';
import { periodBalances } from './balances-at';
import { memberRoute, csvResponse, dayStamp, depsOf, replicaRead, type RouteApp, sendCsv } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

/** The wallet card: this instance's cached copy when it has a fresh one. */
function balanceRoute(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/wallet',
    memberRoute('wallet', 'getWallet', 'Available and on-hold balance, in minor units', {
      response: { 200: walletSchema, 401: apiErrorSchema },
    }),
    async (request) => {
      // This instance's copy when it has a fresh one (plugins/read-caches.ts): dropped on any change.
      const userId = authOf(request).userId;
      const { wallets, enabled } = app.readCaches;
      const now = app.clock.now().getTime();
      const cached = enabled ? wallets.get(userId, now) : undefined;
      if (cached) return cached;
      const wallet = await service.getWallet(deps(), userId);
      if (enabled) wallets.set(userId, userId, wallet, now);
      return wallet;
    },
  );
}

/** The ledger entries, a page at a time or all as CSV (for accountants). */
function entryRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/wallet/transactions',
    memberRoute('wallet', 'listTransactions', 'Statement: every entry of the member, newest first (keyset pagination)', {
      querystring: listTransactionsQuerySchema,
      response: { 200: statementPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request) => replicaRead(app, request, (deps) => service.listTransactions(deps, authOf(request).userId, request.query)),
  );

  app.get(
    '/wallet/transactions/export',
    memberRoute('wallet', 'exportTransactions', 'The filtered ledger entries as CSV (one row per entry, for accountants), streamed', {
      querystring: statementFilterQuerySchema,
      produces: ['text/csv'],
      response: { 200: csvResponse, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request, reply) => {
      return sendCsv(reply, `entries-${dayStamp(app)}.csv`, service.exportTransactionsCsv(deps(), authOf(request).userId, request.query));
    },
  );
}

/** The statement as the member reads it, a page at a time or all as CSV. */
function eventRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/wallet/events',
    memberRoute(
      'wallet',
      'listStatementEvents',
      'Statement as the member reads it: one line per money event with its state, newest first (keyset pagination)',
      {
        querystring: listStatementEventsQuerySchema,
        response: { 200: statementEventPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    ),
    async (request) => replicaRead(app, request, (deps) => service.listEvents(deps, authOf(request).userId, request.query)),
  );

  app.get(
    '/wallet/events/export',
    memberRoute('wallet', 'exportStatementEvents', 'The filtered event statement as CSV (one row per event), streamed', {
      querystring: statementEventFilterQuerySchema,
      produces: ['text/csv'],
      response: { 200: csvResponse, 400: apiErrorSchema, 401: apiErrorSchema },
    }),
    async (request, reply) => {
      return sendCsv(reply, `statement-${dayStamp(app)}.csv`, service.exportEventsCsv(deps(), authOf(request).userId, request.query));
    },
  );
}

/** The statement period's opening and closing balances (/trx/log with a date filter). */
function periodRoute(app: RouteApp) {
  app.get(
    '/wallet/period-balances',
    memberRoute(
      'wallet',
      'getPeriodBalances',
      "The member's balances at the start and at the end of a statement period (entries dated before each instant)",
      {
        querystring: periodBalancesQuerySchema,
        response: { 200: periodBalancesSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    ),
    async (request) => replicaRead(app, request, (deps) => periodBalances(deps, authOf(request).userId, request.query)),
  );
}

/** The member's wallet card and statement (/home, /trx/log). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => depsOf(app);
  balanceRoute(app, deps);
  entryRoutes(app, deps);
  eventRoutes(app, deps);
  periodRoute(app);
};
