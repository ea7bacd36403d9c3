import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  bankAccountListSchema,
  bankAccountParamsSchema,
  bankAccountSchema,
  createBankAccountBodySchema,
  createWithdrawalBodySchema,
  listWithdrawalsQuerySchema,
  quoteWithdrawalQuerySchema,
  updateBankAccountBodySchema,
  withdrawalPageSchema,
  withdrawalParamsSchema,
  withdrawalQuoteSchema,
  withdrawalSchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { idempotencyHeaders, idempotencyKeyHeaderOf, requireIdempotencyKeyHeader } from '../../plugins/idempotency';
import { createBankAccount, deleteBankAccount, listBankAccounts, updateBankAccount } from './bank-accounts';
import { cancelWithdrawal, createWithdrawal, listMyWithdrawals, quoteWithdrawal } from './withdrawals';
import { memberRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const tags = ['withdrawals'];

/** The member's bank accounts: list, add, rename, remove. */
function bankAccountRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/me/bank-accounts',
    memberRoute('withdrawals', 'listBankAccounts', 'My bank accounts (numbers masked)', { response: { 200: bankAccountListSchema } }),
    async (request) => listBankAccounts(deps(), authOf(request).userId),
  );

  app.post(
    '/me/bank-accounts',
    memberRoute(
      'withdrawals',
      'createBankAccount',
      'Add a bank account (IBAN checked where the country uses them); payouts to it open after the cool-down',
      { body: createBankAccountBodySchema, response: { 201: bankAccountSchema, ...errors } },
    ),
    async (request, reply) => reply.status(201).send(await createBankAccount(deps(), authOf(request).userId, request.body)),
  );

  app.patch(
    '/me/bank-accounts/:id',
    memberRoute('withdrawals', 'updateBankAccount', 'Rename a bank account or make it the default', {
      params: bankAccountParamsSchema,
      body: updateBankAccountBodySchema,
      response: { 200: bankAccountSchema, ...errors },
    }),
    async (request) => updateBankAccount(deps(), authOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/me/bank-accounts/:id',
    memberRoute('withdrawals', 'deleteBankAccount', 'Remove a bank account (withdrawals already requested keep their copy of it)', {
      params: bankAccountParamsSchema,
      response: { 204: z.null(), ...errors },
    }),
    async (request, reply) => {
      await deleteBankAccount(deps(), authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Withdrawals: a quote, a request, the list, a cancel. */
function requestRoutes(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/withdrawals/quote',
    memberRoute('withdrawals', 'quoteWithdrawal', 'Fee, net amount, limits and what is left today for an amount (changes nothing)', {
      querystring: quoteWithdrawalQuerySchema,
      response: { 200: withdrawalQuoteSchema, 400: apiErrorSchema },
    }),
    async (request) => quoteWithdrawal(deps(), authOf(request).userId, request.query.amount),
  );

  app.post(
    '/withdrawals',
    {
      ...memberRoute(
        'withdrawals',
        'createWithdrawal',
        'Request a payout: needs the step-up of this session and an Idempotency-Key; the amount goes on hold at once',
        { headers: idempotencyHeaders, body: createWithdrawalBodySchema, response: { 201: withdrawalSchema, ...errors } },
      ),
      // The withdrawal row keeps the key (docs/decisions/0012): no separate idempotency record.
      preHandler: requireIdempotencyKeyHeader,
    },
    async (request, reply) => {
      const outcome = await createWithdrawal(deps(), authOf(request), request.body, idempotencyKeyHeaderOf(request));
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(outcome.withdrawal);
    },
  );

  app.get(
    '/withdrawals',
    memberRoute('withdrawals', 'listWithdrawals', 'My withdrawals, newest first', {
      querystring: listWithdrawalsQuerySchema,
      response: { 200: withdrawalPageSchema, 400: apiErrorSchema },
    }),
    async (request) => listMyWithdrawals(deps(), authOf(request).userId, request.query),
  );

  app.post(
    '/withdrawals/:id/cancel',
    {
      config: { movesMoney: true, access: 'member' },
      schema: {
        operationId: 'cancelWithdrawal',
        tags,
        summary: 'Cancel my pending withdrawal (not one on its way to the bank): the amount goes back to available',
        params: withdrawalParamsSchema,
        response: { 200: withdrawalSchema, ...errors },
      },
    },
    async (request) => cancelWithdrawal(deps(), authOf(request).userId, request.params.id),
  );
}

/** The member's side of withdrawals: bank accounts, the quote, requests, history, cancel. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => depsOf(app);
  bankAccountRoutes(app, deps);
  requestRoutes(app, deps);
};
