import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiErrorSchema, isConsolePermission, roleHasPermission, type ConsolePermission, type ConsoleRole } from '@orchard/shared';
import { AppError, forbidden, unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The console permission an operator route needs (the matrix in @orchard/shared, console-roles.ts). */
    permission?: ConsolePermission;
    // `accountAction`, the row of the account rules a route follows, is declared beside those
    // rules (modules/accounts/account-policy.ts), which hand the scope their check at registration.
  }
  interface FastifyRequest {
    /** Set by the operator scope on every request it lets through; null elsewhere. */
    operator: ConsoleActor | null;
  }
}

/**
 * Who performs a console action, as the scope established it before the request was even parsed.
 * Only the scope creates one; services that change state on an operator's behalf take it instead
 * of a bare user id, and record the action with it (modules/audit/console.ts).
 */
export interface ConsoleActor {
  readonly operatorId: string;
  readonly role: ConsoleRole;
  readonly ip: string | null;
  readonly requestId: string;
}

/**
 * What the scope is given at registration (app.ts): it imports no module, so the account rules and
 * the audit log hand it the two questions it asks of them.
 */
export interface OperatorScopeOptions {
  /** The route plugins of the console; each of their routes declares `config.permission`. */
  routes: FastifyPluginAsync[];
  /** Whether a route's `config.accountAction` names a row of the account rules (modules/accounts/account-policy.ts). */
  isAccountAction: (value: unknown) => boolean;
  /** How many audit rows this request's actor has written (modules/audit/console.ts). */
  auditEntriesWritten: (actor: ConsoleActor) => number;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SESSION = [{ session: [] }];

/**
 * The one guard of the operator console. Every operator route is registered inside it, and:
 * - at start-up, a route that declares no permission refuses to register (no route is left open
 *   by forgetting a check), and the OpenAPI document marks each as needing the session cookie;
 * - `onRequest`, before the body is parsed or validated, answers 401 to a signed-out caller,
 *   403 to one whose role lacks the route's permission, and 403 SECOND_FACTOR_REQUIRED to a console
 *   session that has not proved its second factor, so nobody learns a schema from a 400, and
 *   403 STEP_UP_REQUIRED to a money action (`config.movesMoney`) of a session whose step-up
 *   (the second factor proved again) is more than five minutes old;
 * - the caller becomes `request.operator` (a ConsoleActor), which services take to write the
 *   audit row inside their own transaction (modules/audit/console.ts), and to ask whether they
 *   may act on the account a route names (`config.accountAction`, modules/accounts/account-policy.ts);
 * - before a successful state-changing answer leaves, it checks that the action was audited and
 *   logs an error if not (the test suite asserts the rows; the log catches what tests miss).
 */
export const operatorScope: FastifyPluginAsync<OperatorScopeOptions> = async (scope, { routes, isAccountAction, auditEntriesWritten }) => {
  scope.decorateRequest('operator', null);

  scope.addHook('onRoute', (route) => {
    if (!isConsolePermission(route.config?.permission)) {
      throw new Error(`Operator route ${String(route.method)} ${route.url} declares no console permission (config.permission).`);
    }
    const accountAction = route.config.accountAction;
    if (accountAction !== undefined && !isAccountAction(accountAction)) {
      throw new Error(`Operator route ${String(route.method)} ${route.url} names an unknown account action: ${String(accountAction)}.`);
    }
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    // The permission is part of the operation's documentation (`x-permission`): clients and the role
    // matrix test read which console roles may call it from the OpenAPI document; likewise whose
    // accounts it may act on (`x-account-action`, read by test/console-account-matrix.test.ts).
    route.schema = {
      ...schema,
      security: SESSION,
      'x-permission': route.config.permission,
      ...(accountAction ? { 'x-account-action': accountAction } : {}),
      response: { ...response, 401: apiErrorSchema, 403: apiErrorSchema },
    } as typeof schema;
  });

  scope.addHook('onRequest', async (request) => {
    const auth = request.auth;
    if (!auth) throw unauthenticated();
    const permission = request.routeOptions.config.permission!;
    if (!roleHasPermission(auth.role, permission)) {
      throw forbidden(auth.role === 'member' ? 'This area is for operators only.' : 'Your console role does not allow this.');
    }
    // Every console role proves its second factor in each session before the console answers
    // (modules/accounts/second-factor.ts; GET /me/second-factor says how).
    if (!auth.secondFactor) throw new AppError('SECOND_FACTOR_REQUIRED', 'Confirm it is you with your second factor to use the console.');
    // A console action that moves money (`config.movesMoney`) needs the factor proved again in the
    // last CONSOLE_STEP_UP_MINUTES (5): a code, a recovery code or a passkey (POST
    // /me/second-factor/verify or the passkey step-up); the answer says so before the body is read.
    if (request.routeOptions.config.movesMoney && STATE_CHANGING.has(request.method)) {
      const window = scope.config.CONSOLE_STEP_UP_MINUTES * 60_000;
      const steppedUp = auth.steppedUpAt !== null && scope.clock.now().getTime() < auth.steppedUpAt + window;
      if (!steppedUp) throw new AppError('STEP_UP_REQUIRED', 'Confirm it is you again with your second factor to move money.');
    }
    request.operator = { operatorId: auth.userId, role: auth.role as ConsoleActor['role'], ip: request.ip ?? null, requestId: request.id };
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const actor = request.operator;
    const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
    // An idempotent replay repeats an answer whose action was audited when it ran.
    const replayed = reply.hasHeader('idempotent-replayed');
    if (actor && succeeded && !replayed && STATE_CHANGING.has(request.method) && auditEntriesWritten(actor) === 0) {
      request.log.error({ route: request.routeOptions.url, method: request.method }, 'console action succeeded without an audit entry');
    }
    return payload;
  });

  for (const plugin of routes) await scope.register(plugin);
};

/** The operator behind a request inside the operator scope. */
export function operatorOf(request: FastifyRequest): ConsoleActor {
  if (!request.operator) throw unauthenticated();
  return request.operator;
}
