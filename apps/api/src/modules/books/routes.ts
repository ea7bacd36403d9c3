import {
  apiErrorSchema,
  booksKeysSchema,
  booksSealsSchema,
  incrementalCheckSchema,
  sealRunSchema,
  verifiableStatementQuerySchema,
  verifiableStatementSchema,
} from '@orchard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoute, consoleRoute } from '../../lib/route-app';
import { incrementalCheck } from '../../ledger/index';
import { authOf } from '../../plugins/auth';
import { operatorOf } from '../../plugins/operator-scope';
import * as service from './service';
import { verifiableStatement } from './statement';

/** The operator's public key: at /api/v1/books/keys and at /.well-known/orchard-books.json (app.ts). */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/books/keys',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getBooksKeys',
        tags: ['books'],
        summary: "The operator's Ed25519 public key that signs the sealed days (also at /.well-known/orchard-books.json)",
        response: { 200: booksKeysSchema },
      },
    },
    async () => service.publicKeys(app.config),
  );

  app.get(
    '/books/statement',
    memberRoute(
      'books',
      'getVerifiableStatement',
      "The member's verifiable statement for sealed days: signed lines, the seals that open and close it, Merkle proofs",
      { querystring: verifiableStatementQuerySchema, response: { 200: verifiableStatementSchema, 404: apiErrorSchema } },
    ),
    async (request, reply) => {
      const statement = await verifiableStatement(
        { db: app.database.db, clock: app.clock, config: app.config },
        authOf(request).userId,
        request.query,
      );
      reply.header('content-disposition', `attachment; filename="orchard-statement-${statement.period.from}-${statement.period.to}.json"`);
      return statement;
    },
  );
};

/** The same answer at the well-known address, outside the API prefix. */
export const booksWellKnownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/.well-known/orchard-books.json',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: booksKeysSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return service.publicKeys(app.config);
    },
  );
};

/** Console: the seals and the key, and sealing on demand. Registered inside the operator scope. */
export const adminBooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.database.db, clock: app.clock, config: app.config };
  app.get(
    '/books/seals',
    consoleRoute('ledger', 'listBookSeals', 'The signing key and the most recent sealed days', { response: { 200: booksSealsSchema } }),
    async () => service.listSeals(deps),
  );
  app.get(
    '/books/check',
    consoleRoute(
      'ledger',
      'checkBooksSinceSeal',
      'The incremental integrity check: only what changed since the last sealed day (the full scan is getLedgerReport)',
      { response: { 200: incrementalCheckSchema } },
    ),
    async () => incrementalCheck(app.database.db, { publishedKeys: service.sealKeys(app.config) }),
  );
  app.post(
    '/books/seal',
    consoleRoute('ledger', 'sealBooks', 'Links the chain now and seals every day that is over (idempotent; safe on several instances)', {
      response: { 200: sealRunSchema },
    }),
    async (request) => service.sealNow(deps, operatorOf(request)),
  );
};
