import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  apiErrorSchema,
  importPayoutResultsBodySchema,
  listPayoutFilesQuerySchema,
  listPayoutQueueQuerySchema,
  payoutDetailsSchema,
  payoutFilePageSchema,
  payoutFileParamsSchema,
  payoutFileSchema,
  payoutImportResultSchema,
  payWithdrawalBodySchema,
  rejectWithdrawalBodySchema,
  requeueWithdrawalBodySchema,
  sentForApprovalSchema,
  updateWithdrawalSettingsBodySchema,
  withdrawalParamsSchema,
  withdrawalSettingsSchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import {
  exportPayoutFile,
  getWithdrawalSettings,
  listPayoutFiles,
  listPayoutQueue,
  payoutFileCsv,
  payWithdrawal,
  rejectWithdrawal,
  requeueWithdrawal,
  revealPayoutDetails,
  updateWithdrawalSettings,
} from './console';
import { importOrRequest } from './payout-import';
import { consoleRoute, csvResponse, depsOf, type RouteApp, sendCsv } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The withdrawal queue, and its export to a payout file. */
function queueRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/withdrawals',
    consoleRoute(
      'withdrawals',
      'listPayoutQueue',
      'Withdrawals by status: open (pending and processing, the default) oldest first (the payout queue), with a count',
      { querystring: listPayoutQueueQuerySchema, response: { 200: adminWithdrawalPageSchema, 400: apiErrorSchema } },
    ),
    async (request) => listPayoutQueue(deps, request.query),
  );

  app.post(
    '/withdrawals/export',
    consoleRoute(
      'withdrawals',
      'exportPayoutFile',
      'The payout file for the bank: the oldest pending withdrawals become processing (no more cancel); kept, audited',
      { response: { 201: payoutFileSchema, ...errors } },
    ),
    async (request, reply) => reply.status(201).send(await exportPayoutFile(deps, operatorOf(request))),
  );
}

/** Payout files: the list, one as the bank's CSV, and the bank's result file. */
function payoutFileRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/payout-files',
    consoleRoute('withdrawals', 'listPayoutFiles', 'The payout files exported for the bank, newest first', {
      querystring: listPayoutFilesQuerySchema,
      response: { 200: payoutFilePageSchema, 400: apiErrorSchema },
    }),
    async (request) => listPayoutFiles(deps, request.query),
  );

  app.get(
    '/payout-files/:id/csv',
    consoleRoute(
      'withdrawals',
      'downloadPayoutFile',
      'A payout file as a CSV for the bank, the same rows each time, full account numbers included (audited)',
      { params: payoutFileParamsSchema, produces: ['text/csv'], response: { 200: csvResponse, 404: apiErrorSchema } },
    ),
    async (request, reply) => {
      const { file, csv } = await payoutFileCsv(deps, operatorOf(request), request.params.id);
      const stamp = file.createdAt.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return sendCsv(reply, `payouts-${stamp}.csv`, csv);
    },
  );

  app.post(
    '/withdrawals/import',
    {
      ...consoleRoute(
        { movesMoney: true, permission: 'withdrawals', accountAction: 'withdrawal' },
        'importPayoutResults',
        "The bank's result file (withdrawal_id,outcome,reference): a preview, or applied; the same file twice settles nothing twice; applying a file whose total is over the approval threshold: 202 with the request a second person decides",
        { body: importPayoutResultsBodySchema, response: { 200: payoutImportResultSchema, 202: sentForApprovalSchema, ...errors } },
      ),
      bodyLimit: 300_000,
    },
    async (request, reply) => {
      const outcome = await importOrRequest(deps, operatorOf(request), request.body);
      if (outcome.sent && outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.sent ? reply.status(202).send(outcome.sent) : outcome.result;
    },
  );
}

/** What an operator does to one withdrawal: reveal its account, requeue, pay, reject. */
function withdrawalActionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.post(
    '/withdrawals/:id/account',
    consoleRoute(
      { permission: 'withdrawals', accountAction: 'withdrawal' },
      'revealPayoutDetails',
      'The full bank details of a withdrawal, to pay it by hand (each reveal is audited; a pending one becomes processing)',
      { params: withdrawalParamsSchema, response: { 200: payoutDetailsSchema, ...errors } },
    ),
    async (request) => revealPayoutDetails(deps, operatorOf(request), request.params.id),
  );

  app.post(
    '/withdrawals/:id/requeue',
    consoleRoute(
      'withdrawals',
      'requeueWithdrawal',
      'Put a processing withdrawal back in the queue (pending), with a reason (audited): its member may cancel it again',
      { params: withdrawalParamsSchema, body: requeueWithdrawalBodySchema, response: { 200: adminWithdrawalSchema, ...errors } },
    ),
    async (request) => requeueWithdrawal(deps, operatorOf(request), request.params.id, request.body.reason),
  );

  app.post(
    '/withdrawals/:id/pay',
    consoleRoute(
      { movesMoney: true, permission: 'withdrawals', accountAction: 'withdrawal' },
      'payWithdrawal',
      'Mark a pending or processing withdrawal paid with the payout reference (the hold leaves: cash out, fee to revenue)',
      { params: withdrawalParamsSchema, body: payWithdrawalBodySchema, response: { 200: adminWithdrawalSchema, ...errors } },
    ),
    async (request) => payWithdrawal(deps, operatorOf(request), request.params.id, request.body.payoutReference),
  );

  app.post(
    '/withdrawals/:id/reject',
    consoleRoute(
      { movesMoney: true, permission: 'withdrawals', accountAction: 'withdrawal' },
      'rejectWithdrawal',
      'Reject a pending or processing withdrawal with a reason the member reads (the hold goes back to available)',
      { params: withdrawalParamsSchema, body: rejectWithdrawalBodySchema, response: { 200: adminWithdrawalSchema, ...errors } },
    ),
    async (request) => rejectWithdrawal(deps, operatorOf(request), request.params.id, request.body.reason),
  );
}

/** The withdrawal settings. */
function withdrawalSettingsRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/withdrawal-settings',
    consoleRoute('withdrawals', 'getWithdrawalSettings', 'Withdrawal limits, fee and cool-down', {
      response: { 200: withdrawalSettingsSchema },
    }),
    async () => getWithdrawalSettings(deps),
  );

  app.put(
    '/withdrawal-settings',
    consoleRoute(
      'withdrawals',
      'updateWithdrawalSettings',
      'Change the withdrawal limits, fee, cool-down or switch (audited with before and after); while two-person approval is on, 202 with the request a second person decides',
      { body: updateWithdrawalSettingsBodySchema, response: { 200: withdrawalSettingsSchema, 202: sentForApprovalSchema, ...errors } },
    ),
    async (request, reply) => {
      const outcome = await updateWithdrawalSettings(deps, operatorOf(request), request.body);
      if (outcome.sent && outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.sent ? reply.status(202).send(outcome.sent) : outcome.settings;
    },
  );
}

/** Operator console: the payout queue, payout files, paying, rejecting and requeueing, the withdrawal settings. */
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  queueRoutes(app, deps);
  payoutFileRoutes(app, deps);
  withdrawalActionRoutes(app, deps);
  withdrawalSettingsRoutes(app, deps);
};
