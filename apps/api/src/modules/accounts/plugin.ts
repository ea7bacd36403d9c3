import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountDeps, RequestContext } from './deps';
import { linkOrigin } from './origin';
import { OutboxWorker } from './outbox/outbox';
import { DatabaseRateLimitStore, RateLimiter, rateRules, RedisRateLimitStore } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the accounts actions take as their first argument (deps.ts). */
    accountDeps: AccountDeps;
    outbox: OutboxWorker;
    rateLimiter: RateLimiter;
  }
}

/** The origin used in links sent to members: from configuration only (see origin.ts). */
export function baseUrlOf(request: FastifyRequest): string {
  const server = request.server;
  return linkOrigin(server.config, server.server.listening ? server.server.address() : null);
}

export function contextOf(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    baseUrl: baseUrlOf(request),
    currentSessionId: request.auth?.sessionId ?? null,
  };
}

/** The accounts dependencies, the outbox worker and rate-limit counters, shared by every module. */
async function registerAccounts(app: FastifyInstance) {
  const { config, clock } = app;
  const store = config.REDIS_URL ? new RedisRateLimitStore(config.REDIS_URL) : new DatabaseRateLimitStore(app.database.db);
  const limiter = new RateLimiter(store, clock);
  const outbox = OutboxWorker.fromConfig(app.database.db, config, clock, app.log);
  app.decorate('rateLimiter', limiter);
  app.decorate('outbox', outbox);
  app.decorate('accountDeps', {
    db: app.database.db,
    clock,
    config,
    limiter,
    rules: rateRules(config.REGISTRATIONS_PER_IP_PER_DAY),
    outbox,
  } satisfies AccountDeps);
  app.addHook('onReady', async () => outbox.start(config.OUTBOX_POLL_MS));
  app.addHook('onClose', async () => {
    await outbox.stop();
    await store.close();
  });
}

export const accountsPlugin = fp(registerAccounts, { name: 'orchard-accounts' });
