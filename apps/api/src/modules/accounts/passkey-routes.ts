import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPasskeyBodySchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyParamsSchema,
  passkeySchema,
  signedInSchema,
  stepUpResultSchema,
  usePasskeyBodySchema,
} from '@orchard/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  signInOptions,
  signInWithPasskey,
  stepUpOptions,
  stepUpWithPasskey,
} from './passkeys';
import { baseUrlOf, contextOf } from './plugin';
import { setSessionCookie } from './sessions';
import { errorResponses, type RouteApp } from '../../lib/route-app';
import type { AccountDeps } from './deps';
import type { Config } from '../../config';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['accounts'];
const session = [{ session: [] }];

/** The relying party of this deployment: from the members' address (PUBLIC_URL), never the request's Host. */
const rpOf = (request: FastifyRequest) => relyingPartyOf(baseUrlOf(request));

/** The member's passkeys: list, add (options, then the new credential) and remove. */
function passkeyListRoutes(app: RouteApp, deps: AccountDeps) {
  app.get(
    '/me/passkeys',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'listPasskeys',
        security: session,
        tags,
        summary: 'My passkeys',
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request) => listPasskeys(deps, authOf(request).userId),
  );

  app.post(
    '/me/passkeys/options',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'passkeyRegistrationOptions',
        security: session,
        tags,
        summary: 'Start adding a passkey (after the password entered again: POST /me/step-up)',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => registrationOptions(deps, authOf(request), rpOf(request)),
  );

  app.post(
    '/me/passkeys',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'addPasskey',
        security: session,
        tags,
        summary: "Add a passkey: the browser's answer to the registration options",
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addPasskey(deps, authOf(request), request.body, rpOf(request), request.ip ?? null)),
  );

  app.delete(
    '/me/passkeys/:id',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'removePasskey',
        security: session,
        tags,
        summary: 'Remove one of my passkeys',
        params: passkeyParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removePasskey(deps, authOf(request).userId, request.params.id, request.ip ?? null);
      return reply.status(204).send(null);
    },
  );
}

/** Signing in with a passkey. */
function passkeySignInRoutes(app: RouteApp, deps: AccountDeps, config: Config) {
  app.post(
    '/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'passkeySignInOptions',
        tags,
        summary: 'Start signing in with a passkey',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => signInOptions(deps, rpOf(request), request.ip ?? null),
  );

  app.post(
    '/auth/passkey',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithPasskey',
        tags,
        summary: "Sign in with a passkey: the browser's answer to the sign-in options",
        body: usePasskeyBodySchema,
        response: { 200: signedInSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await signInWithPasskey(deps, request.body, contextOf(request), rpOf(request));
      setSessionCookie(request, reply, config, started.token, started.expiresAt, app.clock.now());
      return { user: started.user };
    },
  );
}

/** A step-up with a passkey instead of a password. */
function passkeyStepUpRoutes(app: RouteApp, deps: AccountDeps) {
  app.post(
    '/me/step-up/passkey/options',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'passkeyStepUpOptions',
        security: session,
        tags,
        summary: 'Start confirming with one of my passkeys instead of the password',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => stepUpOptions(deps, authOf(request), rpOf(request)),
  );

  app.post(
    '/me/step-up/passkey',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'stepUpWithPasskey',
        security: session,
        tags,
        summary: 'Confirm money movements out of this session for five minutes with a passkey',
        body: usePasskeyBodySchema,
        response: { 200: stepUpResultSchema, ...errors },
      },
    },
    async (request) => stepUpWithPasskey(deps, authOf(request), request.body, rpOf(request)),
  );
}

/** Passkeys: added and removed on /profile, to sign in on /, and as the step-up before a withdrawal. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountDeps: deps, config } = app;
  passkeyListRoutes(app, deps);
  passkeySignInRoutes(app, deps, config);
  passkeyStepUpRoutes(app, deps);
};
