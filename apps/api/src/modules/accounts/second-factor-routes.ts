import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  confirmTotpBodySchema,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  totpSetupSchema,
  verifySecondFactorBodySchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { confirmTotp, secondFactorStatus, startTotpSetup, verifySecondFactor } from './second-factor';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const tags = ['accounts'];
const session = [{ session: [] }];

/**
 * The console's second factor (second-factor.ts): where this session stands, setting up an
 * authenticator app, and proving it. Outside the operator scope on purpose: a console session that
 * has not proved it yet is refused by every /admin route, and comes here.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountDeps: deps } = app;

  app.get(
    '/me/second-factor',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'getSecondFactor',
        security: session,
        tags,
        summary: 'Whether this session has proved the console’s second factor, and what the account has set up',
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => secondFactorStatus(deps, authOf(request)),
  );

  app.post(
    '/me/second-factor/totp',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'startTotpSetup',
        security: session,
        tags,
        summary: 'Start setting up an authenticator app (console accounts): its secret and QR code',
        response: { 200: totpSetupSchema, ...errors },
      },
    },
    async (request) => startTotpSetup(deps, authOf(request)),
  );

  app.post(
    '/me/second-factor/totp/confirm',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'confirmTotpSetup',
        security: session,
        tags,
        summary: 'Confirm the authenticator app with a code from it: answers ten recovery codes, shown once',
        body: confirmTotpBodySchema,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) => confirmTotp(deps, authOf(request), request.body.code, request.ip ?? null),
  );

  app.post(
    '/me/second-factor/verify',
    {
      config: { access: 'member' },
      schema: {
        operationId: 'verifySecondFactor',
        security: session,
        tags,
        summary: 'Prove the second factor in this session with a code from the app or a recovery code',
        body: verifySecondFactorBodySchema,
        response: { 200: secondFactorStatusSchema, ...errors },
      },
    },
    async (request) => verifySecondFactor(deps, authOf(request), request.body.code, request.ip ?? null),
  );
};
