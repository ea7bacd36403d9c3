import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  apiErrorSchema,
  importPayoutResultsBodySchema,
  listWithdrawalsQuerySchema,
  payoutImportResultSchema,
  payoutDetailsSchema,
  payWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  updateWithdrawalSettingsBodySchema,
  withdrawalParamsSchema,
  withdrawalSettingsSchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import {
  exportPayoutsCsv,
  getWithdrawalSettings,
  importPayoutResults,
  listPayoutQueue,
  payWithdrawal,
  rejectWithdrawal,
  revealPayoutDetails,
  updateWithdrawalSettings,
} from './console';

// 401 and 403 are added to every operator route by the operator scope.
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['admin'];

/** Operator console: the payout queue, paying and rejecting, the withdrawal settings. */
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, clock: app.clock, config: app.config };

  app.get(
    '/withdrawals',
    {
      config: { permission: 'withdrawals' },
      schema: {
        operationId: 'listPayoutQueue',
        tags,
        summary: 'Withdrawals by status: the pending ones oldest first (the payout queue), with a count',
        querystring: listWithdrawalsQuerySchema,
        response: { 200: adminWithdrawalPageSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listPayoutQueue(deps, request.query),
  );

  app.get(
    '/withdrawals/export',
    {
      config: { permission: 'withdrawals' },
      schema: {
        operationId: 'exportPayouts',
        tags,
        summary: 'The pending withdrawals as a CSV for the bank, full account numbers included (audited)',
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const day = app.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${day}.csv"`)
        .send(await exportPayoutsCsv(deps, operatorOf(request)));
    },
  );

  app.post(
    '/withdrawals/import',
    {
      config: { permission: 'withdrawals', accountAction: 'withdrawal' },
      schema: {
        operationId: 'importPayoutResults',
        tags,
        summary:
          "The bank's result file (withdrawal_id,outcome,reference): a preview, or applied; the same file twice settles nothing twice",
        body: importPayoutResultsBodySchema,
        response: { 200: payoutImportResultSchema, ...errors },
      },
      bodyLimit: 300_000,
    },
    async (request) => importPayoutResults(deps, operatorOf(request), request.body),
  );

  app.post(
    '/withdrawals/:id/account',
    {
      config: { permission: 'withdrawals', accountAction: 'withdrawal' },
      schema: {
        operationId: 'revealPayoutDetails',
        tags,
        summary: 'The full bank details of a withdrawal, to pay it (each reveal is audited)',
        params: withdrawalParamsSchema,
        response: { 200: payoutDetailsSchema, ...errors },
      },
    },
    async (request) => revealPayoutDetails(deps, operatorOf(request), request.params.id),
  );

  app.post(
    '/withdrawals/:id/pay',
    {
      config: { permission: 'withdrawals', accountAction: 'withdrawal' },
      schema: {
        operationId: 'payWithdrawal',
        tags,
        summary: 'Mark a pending withdrawal paid with the payout reference (the hold leaves: cash out, fee to revenue)',
        params: withdrawalParamsSchema,
        body: payWithdrawalBodySchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (request) => payWithdrawal(deps, operatorOf(request), request.params.id, request.body.payoutReference),
  );

  app.post(
    '/withdrawals/:id/reject',
    {
      config: { permission: 'withdrawals', accountAction: 'withdrawal' },
      schema: {
        operationId: 'rejectWithdrawal',
        tags,
        summary: 'Reject a pending withdrawal with a reason the member reads (the hold goes back to available)',
        params: withdrawalParamsSchema,
        body: rejectWithdrawalBodySchema,
        response: { 200: adminWithdrawalSchema, ...errors },
      },
    },
    async (request) => rejectWithdrawal(deps, operatorOf(request), request.params.id, request.body.reason),
  );

  app.get(
    '/withdrawal-settings',
    {
      config: { permission: 'withdrawals' },
      schema: {
        operationId: 'getWithdrawalSettings',
        tags,
        summary: 'Withdrawal limits, fee and cool-down',
        response: { 200: withdrawalSettingsSchema },
      },
    },
    async () => getWithdrawalSettings(deps),
  );

  app.put(
    '/withdrawal-settings',
    {
      config: { permission: 'withdrawals' },
      schema: {
        operationId: 'updateWithdrawalSettings',
        tags,
        summary: 'Change the withdrawal limits, fee, cool-down or switch (audited with before and after)',
        body: updateWithdrawalSettingsBodySchema,
        response: { 200: withdrawalSettingsSchema, ...errors },
      },
    },
    async (request) => updateWithdrawalSettings(deps, operatorOf(request), request.body),
  );
};
