import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  bankCsvMappingListSchema,
  bankLineParamsSchema,
  bankLinePageSchema,
  bankLineSchema,
  bankStatementImportResultSchema,
  importBankStatementBodySchema,
  listBankLinesQuerySchema,
  reconciliationDayParamsSchema,
  reconciliationDaySchema,
  reconciliationDaysSchema,
  resolveBankLineBodySchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import { idempotencyHeaders, requireIdempotencyKey } from '../../plugins/idempotency';
import { consoleRoute, csvResponse, depsOf, errorResponses, type RouteApp, sendCsv } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';
import { listBankLines, reconciliationDay, reconciliationDayCsv, reconciliationDays } from './day';
import { importStatement } from './import-statement';
import { listMappings } from './repository';
import { resolveLine } from './resolve-line';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409, 422);

/** Importing a statement and deciding the queue: both move money, so both stop in maintenance. */
function statementRoutes(app: RouteApp, deps: ServiceDeps) {
  app.post(
    '/reconciliation/statements',
    {
      ...consoleRoute(
        { movesMoney: true, permission: 'reconciliation' },
        'importBankStatement',
        'Import a bank statement (CSV with a mapping, or camt.053): each line stored once, matched, credited, paid or queued (needs Idempotency-Key)',
        { headers: idempotencyHeaders, body: importBankStatementBodySchema, response: { 201: bankStatementImportResultSchema, ...errors } },
      ),
      bodyLimit: 600_000,
      preHandler: requireIdempotencyKey,
    },
    async (request, reply) => reply.status(201).send(await importStatement(deps, operatorOf(request), request.body)),
  );

  app.get(
    '/reconciliation/mappings',
    consoleRoute('reconciliation', 'listBankCsvMappings', 'The CSV columns remembered for each bank', {
      response: { 200: bankCsvMappingListSchema },
    }),
    async () => ({ items: (await listMappings(deps.db)).map((row) => ({ bankName: row.bank_name, mapping: row.mapping })) }),
  );

  app.post(
    '/reconciliation/lines/:id/resolve',
    {
      ...consoleRoute(
        { movesMoney: true, permission: 'reconciliation' },
        'resolveBankLine',
        'Decide a queued bank line: link, credit, refund or ignore, with a reason (audited; needs Idempotency-Key)',
        {
          headers: idempotencyHeaders,
          params: bankLineParamsSchema,
          body: resolveBankLineBodySchema,
          response: { 200: bankLineSchema, ...errors },
        },
      ),
      preHandler: requireIdempotencyKey,
    },
    async (request) => resolveLine(deps, operatorOf(request), request.params.id, request.body),
  );
}

/** The reconciliation's reads: the lines (the queue is status=queued), the days, one day and its CSV. */
function readRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/reconciliation/lines',
    consoleRoute('reconciliation', 'listBankLines', 'Bank lines newest first, by status (queued: the queue) or booking day', {
      querystring: listBankLinesQuerySchema,
      response: { 200: bankLinePageSchema, 400: apiErrorSchema },
    }),
    async (request) => listBankLines(deps, request.query),
  );

  app.get(
    '/reconciliation/days',
    consoleRoute('reconciliation', 'listReconciliationDays', 'Days with bank lines and how many are matched, waiting or suspicious', {
      response: { 200: reconciliationDaysSchema },
    }),
    async () => reconciliationDays(deps),
  );

  app.get(
    '/reconciliation/days/:day',
    consoleRoute('reconciliation', 'getReconciliationDay', "One day's reconciliation: bank balance against platform cash, and its lines", {
      params: reconciliationDayParamsSchema,
      response: { 200: reconciliationDaySchema, 400: apiErrorSchema },
    }),
    async (request) => reconciliationDay(deps, request.params.day),
  );

  app.get(
    '/reconciliation/days/:day/csv',
    consoleRoute('reconciliation', 'downloadReconciliationDay', "One day's reconciliation as CSV for the accountant (audited)", {
      params: reconciliationDayParamsSchema,
      produces: ['text/csv'],
      response: { 200: csvResponse, 400: apiErrorSchema },
    }),
    async (request, reply) =>
      sendCsv(reply, `reconciliation-${request.params.day}.csv`, await reconciliationDayCsv(deps, operatorOf(request), request.params.day)),
  );
}

/** The console's bank reconciliation (README.md). */
export const adminReconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  statementRoutes(app, deps);
  readRoutes(app, deps);
};
