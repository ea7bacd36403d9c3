import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';
import { apiErrorSchema } from '@orchard/shared';
import { unauthenticated } from '../errors';

/**
 * Who may call an API route, declared on the route itself (`config: { access }`):
 * - `public`: anyone (sign-in, registration, the session probe, health, signed webhooks …);
 * - `member`: a signed-in caller; anyone else gets 401 before the body is parsed or validated;
 * - console routes declare a permission instead and live in the operator scope
 *   (plugins/operator-scope.ts), which answers 401/403 the same way.
 * A route under /api that declares neither refuses to register, so no route is left open by
 * forgetting a check; test/access-matrix.test.ts drives every operation of the OpenAPI document
 * as a visitor, as another member and as a member on console routes.
 */
type RouteAccess = 'public' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const SESSION = [{ session: [] }];

/** onRequest of every member route: a signed-out caller is answered 401 before anything else. */
const requireSignedIn: onRequestHookHandler = async (request) => {
  if (!request.auth) throw unauthenticated();
};

function withHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [hook, ...existing] : [hook, existing];
}

/** Register once at the root, before any route, after the auth plugin (which sets `request.auth`). */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    // Console routes: the operator scope checks their permission (and refuses one without).
    if (route.config?.permission !== undefined) return;
    const access = route.config?.access;
    if (access === 'public') return;
    if (access !== 'member') {
      throw new Error(`API route ${String(route.method)} ${route.url} declares no access (config.access: 'public' or 'member').`);
    }
    route.onRequest = withHook(route.onRequest, requireSignedIn);
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = { ...schema, security: SESSION, response: { ...response, 401: apiErrorSchema } };
  });
}
