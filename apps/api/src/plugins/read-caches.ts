import type { Role, Wallet } from '@orchard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadCache } from '../lib/read-cache';

/** A live session as the auth plugin reads it (plugins/auth.ts), and as its copy is kept here. */
export interface LiveSession {
  sessionId: string;
  userId: string;
  role: Role;
  /** The console's second factor was proved in this session (modules/accounts/second-factor.ts). */
  secondFactor: boolean;
  /** When (epoch ms) the session last stepped up, or null (the operator scope asks before money actions). */
  steppedUpAt: number | null;
}

/**
 * The copies an instance keeps of the two reads every signed-in screen repeats — whose session a
 * cookie is, and a member's balances — for at most READ_CACHE_MS (docs/decisions/0018). A copy is
 * dropped: when this instance serves that member a write (any method but GET/HEAD); when any
 * instance's database change concerns them (modules/events hears `balance` and `session` on
 * LISTEN/NOTIFY, the triggers in modules/events/sql/, and calls `heard` before it tells the streams); and by age.
 */
interface ReadCaches {
  readonly enabled: boolean;
  sessions: ReadCache<LiveSession>;
  wallets: ReadCache<Wallet>;
  /** A change concerning `userId` was announced (kind as in modules/events/sql/); null = everyone. */
  heard(userId: string | null, kind: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readCaches: ReadCaches;
  }
}

export const isRead = (method: string) => method === 'GET' || method === 'HEAD';

async function registerReadCaches(app: FastifyInstance) {
  const ttl = app.config.READ_CACHE_MS;
  const caches: ReadCaches = {
    enabled: ttl > 0,
    sessions: new ReadCache<LiveSession>(ttl, 50_000),
    wallets: new ReadCache<Wallet>(ttl, 50_000),
    heard(userId, kind) {
      if (userId === null) return;
      if (kind === 'balance') caches.wallets.forget(userId);
      if (kind === 'session') {
        caches.sessions.forget(userId);
        caches.wallets.forget(userId);
      }
    },
  };
  app.decorate('readCaches', caches);
  // A write by a member: whatever it changed of theirs is read afresh by their next screen.
  app.addHook('onResponse', async (request) => {
    if (!caches.enabled || isRead(request.method) || !request.auth) return;
    caches.sessions.forget(request.auth.userId);
    caches.wallets.forget(request.auth.userId);
  });
}

export const readCachesPlugin = fp(registerReadCaches, { name: 'orchard-read-caches' });
