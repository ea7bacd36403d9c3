import type { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, type ConsolePermission } from '@orchard/shared';
import type { ServiceDeps } from './service-deps';

/**
 * What a module's routes are registered on: the app as a FastifyPluginAsyncZod receives it, so a
 * routes file can register its routes in small named functions, a group of routes each.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** The service functions' deps from the app (ServiceDeps). */
export function depsOf(app: RouteApp): ServiceDeps {
  return { db: app.database.db, clock: app.clock, config: app.config };
}

/**
 * A read the read replica may answer (DATABASE_REPLICA_URL, docs/decisions/0040): `work` gets the
 * service deps with the replica's handle when it may answer this request, else (and again, when the
 * replica fails it) the primary's. For the reads chosen for it only: never a read that decides a write.
 */
export function replicaRead<T>(app: RouteApp, request: FastifyRequest, work: (deps: ServiceDeps) => Promise<T>): Promise<T> {
  return app.replicaReads.run(request, (db) => work({ ...depsOf(app), db }));
}

/** A route's error responses: every status listed answers with the closed vocabulary's error body. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/**
 * A console route's options from what sets it apart: what it needs (its permission, or the config
 * with the account rule it follows too), its OpenAPI name and summary, and its schemas. Every
 * console route is tagged `admin`; the operator scope checks the config at start-up.
 */
export function consoleRoute<const S extends FastifySchema>(
  needs: ConsolePermission | FastifyContextConfig,
  operationId: string,
  summary: string,
  schema: S,
) {
  const config: FastifyContextConfig = typeof needs === 'string' ? { permission: needs } : needs;
  return { config, schema: { operationId, tags: ['admin'], summary, ...schema } };
}

/**
 * A signed-in member's route options: `access: 'member'` (plugins/access.ts) with any other config
 * it needs, and its OpenAPI name, tag, summary and schemas.
 */
export function memberRoute<const S extends FastifySchema>(
  tag: string,
  operationId: string,
  summary: string,
  schema: S,
  config: FastifyContextConfig = {},
) {
  return { config: { ...config, access: 'member' as const }, schema: { operationId, tags: [tag], summary, ...schema } };
}

/** A CSV download's 200 response in a route's schema (the OpenAPI document shows text/csv). */
export const csvResponse = z.string().describe('text/csv');

/**
 * Sends a CSV download: its type and the file name the browser saves it under. The body is the
 * CSV text, or a stream of it, which is sent as is and never serialized.
 */
export function sendCsv(reply: FastifyReply, filename: string, body: string | Readable): FastifyReply {
  return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(body);
}

/** Today's date (UTC, yyyy-mm-dd) by the app clock, for a download's file name. */
export function dayStamp(app: RouteApp): string {
  return app.clock.now().toISOString().slice(0, 10);
}
