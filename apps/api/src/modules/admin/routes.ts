import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditLogListSchema,
  consoleSessionListSchema,
  consoleSessionParamsSchema,
  issuedSignInLinkSchema,
  issueSignInLinkBodySchema,
  listAuditLogQuerySchema,
  listMembersQuerySchema,
  listOutboxQuerySchema,
  memberDetailSchema,
  memberIdParamsSchema,
  memberListSchema,
  memberSummarySchema,
  outboxListSchema,
  resetSecondFactorBodySchema,
  sentForApprovalSchema,
  setMemberRoleBodySchema,
  setMemberStatusBodySchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { operatorOf } from '../../plugins/operator-scope';
import { listConsoleSessions, revokeConsoleSession } from './console-sessions';
import { contextOf, issueSignInLink } from '../accounts/index';
import * as admin from './service';
import { consoleRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import { resetSecondFactor } from './second-factor-reset';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409);

/** The member list and one member. */
function memberReadRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/members',
    consoleRoute('members', 'listMembers', 'Search members', {
      querystring: listMembersQuerySchema,
      response: { 200: memberListSchema, ...errors },
    }),
    async (request) => admin.listMembers(deps, request.query),
  );

  app.get(
    '/members/:id',
    consoleRoute('members', 'getMember', 'One member', { params: memberIdParamsSchema, response: { 200: memberDetailSchema, ...errors } }),
    async (request) => admin.getMember(deps, request.params.id),
  );
}

/** What an operator does to an account: its role, its status, a sign-in link. */
function memberActionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.put(
    '/members/:id/role',
    consoleRoute(
      { permission: 'roles', accountAction: 'role' },
      'setMemberRole',
      'Give or take a console role: member, operator, support or finance (audited)',
      { params: memberIdParamsSchema, body: setMemberRoleBodySchema, response: { 200: memberSummarySchema, ...errors } },
    ),
    async (request) => admin.setRole(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/members/:id/second-factor/reset',
    consoleRoute(
      { permission: 'roles', accountAction: 'second_factor' },
      'resetSecondFactor',
      'Take away a console account’s authenticator, recovery codes and passkeys; it sets up anew at its next sign-in (audited); while two-person approval is on, 202 with the request a second person decides',
      {
        params: memberIdParamsSchema,
        body: resetSecondFactorBodySchema,
        response: { 200: memberSummarySchema, 202: sentForApprovalSchema, ...errors },
      },
    ),
    async (request, reply) => {
      const outcome = await resetSecondFactor(deps, operatorOf(request), request.params.id, request.body);
      if (outcome.sent && outcome.replayed) reply.header('idempotent-replayed', 'true');
      return outcome.sent ? reply.status(202).send(outcome.sent) : outcome.member;
    },
  );

  app.put(
    '/members/:id/status',
    consoleRoute(
      { permission: 'member_status', accountAction: 'status' },
      'setMemberStatus',
      'Freeze (ends every session, blocks sign-in) or unfreeze a member (audited)',
      { params: memberIdParamsSchema, body: setMemberStatusBodySchema, response: { 200: memberSummarySchema, ...errors } },
    ),
    async (request) => admin.setStatus(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/members/:id/sign-in-links',
    consoleRoute(
      { permission: 'sign_in_links', accountAction: 'sign_in_link' },
      'issueSignInLink',
      'Issue a single-use 15-minute sign-in link for a member (support; audited)',
      { params: memberIdParamsSchema, body: issueSignInLinkBodySchema, response: { 201: issuedSignInLinkSchema, ...errors } },
    ),
    async (request, reply) =>
      reply.status(201).send(
        await issueSignInLink(
          app.accountDeps,
          {
            actor: operatorOf(request),
            memberId: request.params.id,
            reason: request.body.reason,
            redirect: request.body.redirect,
          },
          contextOf(request),
        ),
      ),
  );
}

/** The outbox and the audit log. */
function logRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/outbox',
    consoleRoute('outbox', 'listOutbox', 'Messages queued, sent, logged or failed', {
      querystring: listOutboxQuerySchema,
      response: { 200: outboxListSchema, ...errors },
    }),
    async (request) => admin.listOutbox(deps, operatorOf(request), request.query),
  );

  app.get(
    '/audit-log',
    consoleRoute('audit_log', 'listAuditLog', 'Who did what, newest first', {
      querystring: listAuditLogQuerySchema,
      response: { 200: auditLogListSchema, ...errors },
    }),
    async (request) => admin.listAuditLog(deps, request.query),
  );
}

/** The console accounts' own sessions: listed, and one of another's ended. */
function consoleSessionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/console-sessions',
    consoleRoute('roles', 'listConsoleSessions', 'Live sessions of console accounts (operator, support, finance), last seen first', {
      response: { 200: consoleSessionListSchema, ...errors },
    }),
    async (request) => listConsoleSessions(deps, authOf(request).sessionId),
  );

  app.post(
    '/console-sessions/:id/revoke',
    consoleRoute(
      { permission: 'roles', accountAction: 'console_session' },
      'revokeConsoleSession',
      'End a session of another console account (never one’s own, never a member’s; audited)',
      { params: consoleSessionParamsSchema, response: { 204: z.null(), ...errors } },
    ),
    async (request, reply) => {
      await revokeConsoleSession(deps, operatorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** Operator console: members, the outbox and the audit log. Registered inside the operator scope. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  memberReadRoutes(app, deps);
  memberActionRoutes(app, deps);
  logRoutes(app, deps);
  consoleSessionRoutes(app, deps);
};
