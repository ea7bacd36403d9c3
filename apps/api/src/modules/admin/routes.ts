import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogListSchema,
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
  setMemberRoleBodySchema,
  setMemberStatusBodySchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import { contextOf, issueSignInLink } from '../accounts/index';
import * as admin from './service';
import { depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409);
const tags = ['admin'];

/** The member list and one member. */
function memberReadRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/members',
    {
      config: { permission: 'members' },
      schema: {
        operationId: 'listMembers',
        tags,
        summary: 'Search members',
        querystring: listMembersQuerySchema,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => admin.listMembers(deps, request.query),
  );

  app.get(
    '/members/:id',
    {
      config: { permission: 'members' },
      schema: {
        operationId: 'getMember',
        tags,
        summary: 'One member',
        params: memberIdParamsSchema,
        response: { 200: memberDetailSchema, ...errors },
      },
    },
    async (request) => admin.getMember(deps, request.params.id),
  );
}

/** What an operator does to an account: its role, its status, a sign-in link. */
function memberActionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.put(
    '/members/:id/role',
    {
      config: { permission: 'roles', accountAction: 'role' },
      schema: {
        operationId: 'setMemberRole',
        tags,
        summary: 'Give or take a console role: member, operator, support or finance (audited)',
        params: memberIdParamsSchema,
        body: setMemberRoleBodySchema,
        response: { 200: memberSummarySchema, ...errors },
      },
    },
    async (request) => admin.setRole(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/members/:id/second-factor/reset',
    {
      config: { permission: 'roles', accountAction: 'second_factor' },
      schema: {
        operationId: 'resetSecondFactor',
        tags,
        summary: 'Take away a console account’s authenticator, recovery codes and passkeys; it sets up anew at its next sign-in (audited)',
        params: memberIdParamsSchema,
        body: resetSecondFactorBodySchema,
        response: { 200: memberSummarySchema, ...errors },
      },
    },
    async (request) => admin.resetSecondFactor(deps, operatorOf(request), request.params.id, request.body),
  );

  app.put(
    '/members/:id/status',
    {
      config: { permission: 'member_status', accountAction: 'status' },
      schema: {
        operationId: 'setMemberStatus',
        tags,
        summary: 'Freeze (ends every session, blocks sign-in) or unfreeze a member (audited)',
        params: memberIdParamsSchema,
        body: setMemberStatusBodySchema,
        response: { 200: memberSummarySchema, ...errors },
      },
    },
    async (request) => admin.setStatus(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/members/:id/sign-in-links',
    {
      config: { permission: 'sign_in_links', accountAction: 'sign_in_link' },
      schema: {
        operationId: 'issueSignInLink',
        tags,
        summary: 'Issue a single-use 15-minute sign-in link for a member (support; audited)',
        params: memberIdParamsSchema,
        body: issueSignInLinkBodySchema,
        response: { 201: issuedSignInLinkSchema, ...errors },
      },
    },
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
    {
      config: { permission: 'outbox' },
      schema: {
        operationId: 'listOutbox',
        tags,
        summary: 'Messages queued, sent, logged or failed',
        querystring: listOutboxQuerySchema,
        response: { 200: outboxListSchema, ...errors },
      },
    },
    async (request) => admin.listOutbox(deps, operatorOf(request), request.query),
  );

  app.get(
    '/audit-log',
    {
      config: { permission: 'audit_log' },
      schema: {
        operationId: 'listAuditLog',
        tags,
        summary: 'Who did what, newest first',
        querystring: listAuditLogQuerySchema,
        response: { 200: auditLogListSchema, ...errors },
      },
    },
    async (request) => admin.listAuditLog(deps, request.query),
  );
}

/** Operator console: members, the outbox and the audit log. Registered inside the operator scope. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  memberReadRoutes(app, deps);
  memberActionRoutes(app, deps);
  logRoutes(app, deps);
};
