import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountDeps, AccountSignals, RequestContext } from './deps';
import { API_PREFIX } from '@orchard/shared';
import { deviceOf, setDeviceCookie } from './device';
import { linkOrigin } from './origin';
import { OutboxWorker } from './outbox/outbox';
import { DatabaseRateLimitStore, RateLimiter, rateRules, RedisRateLimitStore } from './rate-limit';
import { requestLanguage } from '../../i18n/translate';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the accounts actions take as their first argument (deps.ts). */
    accountDeps: AccountDeps;
    outbox: OutboxWorker;
    rateLimiter: RateLimiter;
  }
  interface FastifyRequest {
    /** sha256 of the browser's device cookie, on sign-in and registration requests (device.ts). */
    deviceHash: string | null;
  }
}

/** The requests that may start a session (and so record the browser's device). */
const SESSION_OPENING_PATHS = new Set(
  ['/auth/verify', '/auth/sign-in', '/auth/sign-in-link', '/auth/sign-in-code', '/auth/password-reset', '/auth/passkey'].map(
    (path) => `${API_PREFIX}${path}`,
  ),
);

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
    language: requestLanguage(request),
    currentSessionId: request.auth?.sessionId ?? null,
    deviceHash: request.deviceHash,
  };
}

/** The accounts dependencies, the outbox worker and rate-limit counters, shared by every module. */
export interface AccountsOptions {
  /** Recorded when a session opens or an account is made (app.ts hands the team's signals). */
  signals: AccountSignals;
}

async function registerAccounts(app: FastifyInstance, { signals }: AccountsOptions) {
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
    signals,
  } satisfies AccountDeps);
  // Every sign-in and registration request carries the browser's device id (set here if it has
  // none), which the referral signals compare along the chain.
  app.decorateRequest('deviceHash', null);
  const freshDevices = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || !SESSION_OPENING_PATHS.has(request.url.split('?')[0]!)) return;
    const device = deviceOf(request);
    request.deviceHash = device.hash;
    if (device.fresh) freshDevices.set(request, device.fresh);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const fresh = freshDevices.get(request);
    if (fresh && reply.statusCode < 300) setDeviceCookie(request, reply, config, fresh);
    return payload;
  });
  app.addHook('onReady', async () => outbox.start(config.OUTBOX_POLL_MS));
  app.addHook('onClose', async () => {
    await outbox.stop();
    await store.close();
  });
}

export const accountsPlugin = fp<AccountsOptions>(registerAccounts, { name: 'orchard-accounts' });
