import type { Role } from '@orchard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, unauthenticated } from '../errors';
import { isCrossSiteRequest } from './cross-site';
import { isRead, type LiveSession } from './read-caches';

/** Who is asking: set from the session cookie on every /api request, null when signed out. */
export interface RequestAuth {
  userId: string;
  role: Role;
  sessionId: string;
  /** The console's second factor was proved in this session (the operator scope asks). */
  secondFactor: boolean;
  /** When (epoch ms) the session last stepped up (password, passkey or second factor again), or null. */
  steppedUpAt: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/**
 * The signed-in caller, for handlers of `config: { access: 'member' }` routes (plugins/access.ts
 * answers 401 before they run; operator routes: operatorOf in plugins/operator-scope.ts).
 */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * How a request's session is read, handed to the plugin at registration (app.ts passes the
 * accounts module's): the plugin imports no module.
 */
interface SessionReader {
  /** The session token the request's cookie carries, if any. */
  tokenOf(request: FastifyRequest, config: Config): string | undefined;
  /** The live session a token opens, or null (unknown, ended, idle or too old). */
  find(db: Db, token: string, now: Date): Promise<LiveSession | null>;
}

export interface AuthOptions {
  sessions: SessionReader;
}

async function registerAuth(app: FastifyInstance, { sessions }: AuthOptions) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request, app.config.PUBLIC_URL)) {
      throw new AppError('CROSS_SITE_REFUSED', 'This request came from another site and was refused.');
    }
    request.auth = null;
    // Pages and assets do not need the session; only the API reads it.
    if (!request.url.startsWith('/api/')) return;
    const token = sessions.tokenOf(request, app.config);
    if (!token) return;
    // A read may be answered from this instance's copy of the session (plugins/read-caches.ts); a write never is.
    const caches = app.readCaches;
    const now = app.clock.now();
    const reading = caches.enabled && isRead(request.method);
    let session = reading ? caches.sessions.get(token, now.getTime()) : undefined;
    if (!session) {
      session = (await sessions.find(app.database.db, token, now)) ?? undefined;
      if (session && reading) caches.sessions.set(token, session.userId, session, now.getTime());
    }
    if (session) {
      const { userId, role, sessionId, secondFactor, steppedUpAt } = session;
      request.auth = { userId, role, sessionId, secondFactor, steppedUpAt };
    }
  });
}

/** Sets `request.auth` and refuses cross-site state changes; register once at the root. */
export const authPlugin = fp<AuthOptions>(registerAuth, { name: 'orchard-auth' });
