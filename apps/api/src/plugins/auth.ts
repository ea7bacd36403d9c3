import type { Role } from '@orchard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthenticated } from '../errors';
import { findLiveSession, readSessionToken } from '../modules/accounts/sessions';
import { isCrossSiteRequest } from './cross-site';
import { isRead } from './read-caches';

/** Who is asking: set from the session cookie on every /api request, null when signed out. */
export interface RequestAuth {
  userId: string;
  role: Role;
  sessionId: string;
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

async function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    if (isCrossSiteRequest(request, app.config.PUBLIC_URL)) {
      throw new AppError('CROSS_SITE_REFUSED', 'This request came from another site and was refused.');
    }
    request.auth = null;
    // Pages and assets do not need the session; only the API reads it.
    if (!request.url.startsWith('/api/')) return;
    const token = readSessionToken(request, app.config);
    if (!token) return;
    // A read may be answered from this instance's copy of the session (plugins/read-caches.ts); a write never is.
    const caches = app.readCaches;
    const now = app.clock.now();
    const reading = caches.enabled && isRead(request.method);
    let session = reading ? caches.sessions.get(token, now.getTime()) : undefined;
    if (!session) {
      session = (await findLiveSession(app.database.db, token, now)) ?? undefined;
      if (session && reading) caches.sessions.set(token, session.userId, session, now.getTime());
    }
    if (session) request.auth = { userId: session.userId, role: session.role, sessionId: session.sessionId };
  });
}

/** Sets `request.auth` and refuses cross-site state changes; register once at the root. */
export const authPlugin = fp(registerAuth, { name: 'orchard-auth' });
export default authPlugin;
