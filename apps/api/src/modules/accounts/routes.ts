import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  authOptionsSchema,
  changePasswordBodySchema,
  codeSentSchema,
  consumeSignInLinkBodySchema,
  listSessionsQuerySchema,
  meSchema,
  messageSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordResetRequestedSchema,
  registerBodySchema,
  requestPasswordResetBodySchema,
  requestSignInLinkBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  revokedSessionsSchema,
  sessionListSchema,
  sessionProbeSchema,
  signedInSchema,
  signInBodySchema,
  signInNeedsCodeSchema,
  signInCodeBodySchema,
  signInLinkConsumedSchema,
  updateMeBodySchema,
  verifyCodeBodySchema,
  stepUpBodySchema,
  stepUpResultSchema,
} from '@orchard/shared';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';
import { RESEND_COOLDOWN_MS } from './codes';
import { changePassword, requestPasswordReset, resetPassword } from './passwords';
import { contextOf } from './plugin';
import { findMe, getMe, listSessions, revokeOtherSessions, updateMe } from './profile';
import { register, resendCode, verifyRegistration } from './registration';
import { clearSessionCookie, setSessionCookie } from './sessions';
import { signIn } from './password-sign-in';
import { signOut } from './sign-in';
import { consumeSignInLink, requestSignInLink, signInWithCode } from './sign-in-links';
import { stepUp } from './step-up';
import { currentTermsVersion } from './terms';
import { memberRoute, errorResponses, type RouteApp } from '../../lib/route-app';
import type { AccountDeps } from './deps';
import type { Config } from '../../config';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['accounts'];
/** OpenAPI: these operations need the session cookie. */
const session = [{ session: [] }];

/** Registering: the options the form needs, the code sent, checked and sent again. */
function registrationRoutes(app: RouteApp, deps: AccountDeps, config: Config) {
  app.get(
    '/auth/options',
    {
      config: { access: 'public' },
      schema: { operationId: 'getAuthOptions', tags, summary: 'What the auth forms need to know', response: { 200: authOptionsSchema } },
    },
    async () => ({
      requireInvite: config.REQUIRE_INVITE,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      passwordMaxLength: PASSWORD_MAX_LENGTH,
      codeLength: 6,
      resendCooldownSeconds: RESEND_COOLDOWN_MS / 1000,
      termsVersion: await currentTermsVersion(deps.db),
    }),
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'register',
        tags,
        summary: 'Start an account: sends a 6-digit code to the email address or phone',
        body: registerBodySchema,
        response: { 201: codeSentSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await register(deps, request.body, contextOf(request))),
  );

  app.post(
    '/auth/verify',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'verifyCode',
        tags,
        summary: 'Enter the registration code: completes the account and signs in',
        body: verifyCodeBodySchema,
        response: { 200: signedInSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await verifyRegistration(deps, request.body.verificationId, request.body.code, contextOf(request));
      setSessionCookie(request, reply, config, started.token, started.expiresAt, app.clock.now());
      return { user: started.user };
    },
  );

  app.post(
    '/auth/resend',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'resendCode',
        tags,
        summary: 'Send a new registration code (after a 60 s cool-down)',
        body: resendCodeBodySchema,
        response: { 200: codeSentSchema, ...errors },
      },
    },
    async (request) => resendCode(deps, request.body.verificationId, contextOf(request)),
  );
}

/** Signing in with a password, and out. */
function signInRoutes(app: RouteApp, deps: AccountDeps, config: Config) {
  app.post(
    '/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signIn',
        tags,
        summary: 'Sign in with email or phone and password',
        description: 'Right password, unverified account: 202 with where its code went (resent after the cool-down); then verifyCode.',
        body: signInBodySchema,
        response: { 200: signedInSchema, 202: signInNeedsCodeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await signIn(deps, request.body.account, request.body.password, contextOf(request));
      if (result.kind === 'needs_code') return reply.status(202).send({ verification: result.sent });
      const started = result.session;
      setSessionCookie(request, reply, config, started.token, started.expiresAt, app.clock.now());
      return { user: started.user };
    },
  );

  app.post(
    '/auth/sign-out',
    {
      config: { access: 'public' },
      schema: { operationId: 'signOut', tags, summary: 'End this session', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      if (request.auth) await signOut(deps, request.auth.sessionId, request.auth.userId, request.ip);
      clearSessionCookie(request, reply, config);
      return reply.status(204).send(null);
    },
  );
}

/** A forgotten password (a code by email or SMS, then the new one) and a changed one. */
function passwordRoutes(app: RouteApp, deps: AccountDeps) {
  app.post(
    '/auth/password-reset/request',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Send a password reset code; the same answer whether or not the account exists',
        body: requestPasswordResetBodySchema,
        response: { 202: passwordResetRequestedSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(deps, request.body.account, contextOf(request))),
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'resetPassword',
        tags,
        summary: 'Set a new password with a reset code; ends every session',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => resetPassword(deps, request.body, contextOf(request)),
  );

  app.post(
    '/auth/password',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'changePassword',
        tags,
        summary: 'Change the password (signed in: current + new; signed out: account + current + new); ends other sessions',
        body: changePasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => changePassword(deps, request.body, request.auth, contextOf(request)),
  );
}

/** Signing in without a password: a link or a code sent to the member. */
function signInLinkRoutes(app: RouteApp, deps: AccountDeps, config: Config) {
  app.post(
    '/auth/sign-in-link/request',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'requestSignInLink',
        tags,
        summary: 'Send a single-use sign-in link (15 minutes); the same answer whether or not the account exists',
        body: requestSignInLinkBodySchema,
        response: { 202: messageSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestSignInLink(deps, request.body.account, request.body.redirect, contextOf(request))),
  );

  app.post(
    '/auth/sign-in-link',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'consumeSignInLink',
        tags,
        summary: 'Exchange a sign-in link token for a session (LINK_INVALID, LINK_USED, LINK_EXPIRED otherwise)',
        body: consumeSignInLinkBodySchema,
        response: { 200: signInLinkConsumedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await consumeSignInLink(deps, request.body.token, contextOf(request));
      setSessionCookie(request, reply, config, started.token, started.expiresAt, app.clock.now());
      return { user: started.user, redirect: started.redirect };
    },
  );

  app.post(
    '/auth/sign-in-code',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signInWithCode',
        tags,
        summary: 'Sign in with the 6-digit code from a sign-in link message (instead of opening the link)',
        body: signInCodeBodySchema,
        response: { 200: signedInSchema, ...errors },
      },
    },
    async (request, reply) => {
      const started = await signInWithCode(deps, request.body.account, request.body.code, contextOf(request));
      setSessionCookie(request, reply, config, started.token, started.expiresAt, app.clock.now());
      return { user: started.user };
    },
  );
}

/** Who is signed in (a visitor gets user null), and the member's own profile. */
function profileRoutes(app: RouteApp, deps: AccountDeps) {
  app.get(
    '/session',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSession',
        tags,
        summary: 'Who is signed in on this browser (user is null for a visitor)',
        response: { 200: sessionProbeSchema },
      },
    },
    async (request) => ({ user: request.auth ? await findMe(deps, request.auth.userId) : null }),
  );

  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        security: session,
        tags,
        summary: 'The signed-in member',
        response: { 200: meSchema, 401: apiErrorSchema },
      },
      config: { access: 'member' },
    },
    async (request) => getMe(deps, authOf(request).userId),
  );

  app.patch(
    '/me',
    {
      schema: {
        operationId: 'updateMe',
        security: session,
        tags,
        summary: 'Change the display name or the language',
        body: updateMeBodySchema,
        response: { 200: meSchema, ...errors },
      },
      config: { access: 'member' },
    },
    async (request) => updateMe(deps, authOf(request).userId, request.body),
  );
}

/** The member's signed-in devices, and a step-up before money leaves. */
function sessionRoutes(app: RouteApp, deps: AccountDeps) {
  app.get(
    '/me/sessions',
    {
      schema: {
        operationId: 'listSessions',
        security: session,
        tags,
        summary: 'My live sessions, newest first, in keyset pages; the cap per member and how many it signed out lately',
        querystring: listSessionsQuerySchema,
        response: { 200: sessionListSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
      config: { access: 'member' },
    },
    async (request) => listSessions(deps, authOf(request), request.query),
  );

  app.post(
    '/me/sessions/revoke-others',
    {
      schema: {
        operationId: 'revokeOtherSessions',
        security: session,
        tags,
        summary: 'Sign out every other session',
        response: { 200: revokedSessionsSchema, ...errors },
      },
      config: { access: 'member' },
    },
    async (request) => ({ revoked: await revokeOtherSessions(deps, authOf(request), request.ip) }),
  );

  app.post(
    '/me/step-up',
    memberRoute(
      'accounts',
      'stepUp',
      'Enter the password again: confirms money movements out of this session for five minutes (a wrong one counts toward the sign-in lockout)',
      { body: stepUpBodySchema, response: { 200: stepUpResultSchema, ...errors, 403: apiErrorSchema, 429: apiErrorSchema } },
    ),
    async (request) => stepUp(deps, authOf(request), request.body.password, request.ip ?? null),
  );
}

/** Register, verify, sign in and out, passwords, sign-in links and the member's own profile. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountDeps: deps, config } = app;
  registrationRoutes(app, deps, config);
  signInRoutes(app, deps, config);
  passwordRoutes(app, deps);
  signInLinkRoutes(app, deps, config);
  profileRoutes(app, deps);
  sessionRoutes(app, deps);
};
