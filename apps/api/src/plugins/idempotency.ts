import { createHash } from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { idempotencyKeys } from '../db/schema/index';
import { AppError, unauthenticated } from '../errors';

/**
 * `Idempotency-Key` for requests that move money (docs/product.md "Safe to retry"). Keys live in the
 * database (so every instance sees them), scoped to the signed-in user:
 * - first request with a key: runs, and its answer (any status below 500) is stored;
 * - same key, same request: the stored answer again, with `Idempotent-Replayed: true`;
 * - same key, another request (method, route, parameters or body differ): 422;
 * - same key while the first is still running: 409 with Retry-After;
 * - no key: 400.
 * A 5xx answer, or a 4xx asking to retry later (Retry-After), is not stored, so the request can be retried;
 * nor is any 4xx of a route with `config.idempotencyKeepsRefusals: false`. Services also pass the key down as
 * the ledger idempotency key, so even a request whose answer was never stored (a crash between
 * commit and reply) cannot move money twice when its key is taken over after LOCK_STALE_MS.
 */

const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header as an operation's schema documents it (every route that takes a key names it). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string().max(200).optional().describe('Required: a fresh random key per operation, reused when retrying it.'),
});
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;
/** A "running" record older than this belongs to a request that died; a retry may take it over. */
const LOCK_STALE_MS = 60_000;
/** Share of new keys that also sweep out other expired records (exported for tests). */
let PURGE_PROBABILITY = 0.02;
export function setPurgeProbability(value: number) {
  PURGE_PROBABILITY = value;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a refused request's answer (4xx) is not stored and its key is released, as for a 5xx.
     * For routes where a refusal moved nothing and may be asked often (a coupon code that does not
     * exist): the refusals leave no records behind. Default: stored.
     */
    idempotencyKeepsRefusals?: boolean;
  }
}

interface IdempotencyClaim {
  scope: string;
  key: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: IdempotencyClaim | null;
  }
}

function requestHash(request: FastifyRequest): string {
  const shape = JSON.stringify([
    request.method,
    request.routeOptions.url,
    request.params ?? null,
    request.query ?? null,
    request.body ?? null,
  ]);
  return createHash('sha256').update(shape).digest('hex');
}

/** The key of a request, validated; for services that reuse it as a ledger idempotency key. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  if (!request.idempotency) throw new Error('route is not behind requireIdempotencyKey');
  return request.idempotency.key;
}

/** The request's Idempotency-Key, checked: a 400 when it is missing or not of the allowed shape. */
export function idempotencyKeyHeaderOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') {
    throw new AppError(
      'IDEMPOTENCY_KEY_MISSING',
      'This request moves money: send an Idempotency-Key header (for example a random UUID) and reuse it when retrying.',
    );
  }
  if (!KEY_SHAPE.test(key)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID', 'The Idempotency-Key must be 1 to 200 visible ASCII characters.');
  }
  return key;
}

/**
 * preHandler (after the auth check) for a route whose service keeps the key on the row it writes,
 * in the same statement as the movement (a plan purchase; docs/decisions/0012): checks the header
 * and claims nothing, so the request costs no idempotency round trips. A retry of a completed
 * request gets its result again from that row; a refused request moved nothing and is simply
 * asked again.
 */
export async function requireIdempotencyKeyHeader(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthenticated();
  idempotencyKeyHeaderOf(request);
}

/**
 * preHandler (after the auth check): claims the key or answers for it. Either returns with the
 * claim set on the request, or sends the stored answer / an error itself.
 */
export async function requireIdempotencyKey(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const app = request.server;
  if (!request.auth) throw unauthenticated();
  const key = idempotencyKeyHeaderOf(request);
  const scope = request.auth.userId;
  const hash = requestHash(request);
  const db = app.database.db;
  const now = app.clock.now();
  const expiresAt = new Date(now.getTime() + app.config.IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);

  if (Math.random() < PURGE_PROBABILITY) {
    await db.execute(
      sql`delete from idempotency_keys where ctid = any(array(select ctid from idempotency_keys where expires_at <= ${now.toISOString()} limit 500))`,
    );
  }

  const claim = () =>
    db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash, state: 'running', createdAt: now, lockedAt: now, expiresAt })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  let claimed = await claim();
  if (claimed.length === 0) {
    // An expired record of this key is forgotten, and the key starts afresh.
    const forgotten = await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), lte(idempotencyKeys.expiresAt, now)))
      .returning({ key: idempotencyKeys.key });
    if (forgotten.length > 0) claimed = await claim();
  }
  if (claimed.length > 0) {
    request.idempotency = { scope, key };
    return;
  }

  const [existing] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!existing) {
    throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is being processed. Retry in a moment.', undefined, {
      'retry-after': '1',
    });
  }
  if (existing.requestHash !== hash) {
    throw new AppError(
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  }
  if (existing.state === 'done' && existing.responseStatus !== null) {
    reply.header('idempotent-replayed', 'true');
    reply.code(existing.responseStatus);
    if (existing.responseType) reply.type(existing.responseType);
    await reply.send(existing.responseBody ?? '');
    return reply;
  }
  // Still running. If it has been running too long its request died: take the key over.
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ lockedAt: now })
    .where(
      and(
        eq(idempotencyKeys.scope, scope),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'running'),
        lt(idempotencyKeys.lockedAt, new Date(now.getTime() - LOCK_STALE_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (takenOver.length > 0) {
    request.idempotency = { scope, key };
    return;
  }
  throw new AppError('IDEMPOTENCY_IN_PROGRESS', 'A request with this Idempotency-Key is being processed. Retry in a moment.', undefined, {
    'retry-after': '1',
  });
}

async function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  // Stores the answer of a claimed request; a 5xx releases the key instead so a retry can run.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    try {
      // "Busy, try again" answers (Retry-After) are not final: release the key like a 5xx.
      const retryable = reply.statusCode >= 500 || reply.statusCode === 429 || reply.hasHeader('retry-after');
      const forgotten = reply.statusCode >= 400 && request.routeOptions.config.idempotencyKeepsRefusals === false;
      await storeAnswer(where, retryable || forgotten, reply.statusCode, reply.getHeader('content-type'), payload);
    } catch (error) {
      // The answer still goes out; the key stays "running" until a retry takes it over.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    return payload;
  });

  async function storeAnswer(where: ReturnType<typeof and>, release: boolean, status: number, type: unknown, payload: unknown) {
    if (release || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      await app.database.db.delete(idempotencyKeys).where(where);
      return;
    }
    await app.database.db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        responseStatus: status,
        responseBody: typeof payload === 'string' ? payload : payload.toString('utf8'),
        responseType: typeof type === 'string' ? type : null,
      })
      .where(where);
  }
}

/** Register once at the root; member routes opt in with `preHandler: requireIdempotencyKey`. */
export const idempotencyPlugin = fp(registerIdempotency, { name: 'orchard-idempotency' });
