import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
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
  setMemberRoleBodySchema,
  setMemberStatusBodySchema,
} from '@orchard/shared';
import { authOf, requireOperator } from '../../plugins/auth';
import { contextOf } from '../accounts/plugin';
import { issueSignInLink } from '../accounts/sign-in-links';
import { AdminService, toAuditEntry, toMemberSummary, toOutboxMessage } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const tags = ['admin'];
const session = [{ session: [] }];

/** Operator console: members, the outbox and the audit log. Every route is operators only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireOperator);
  const admin = new AdminService(app.database.db, app.clock);

  app.get(
    '/members',
    {
      schema: {
        operationId: 'listMembers',
        security: session,
        tags,
        summary: 'Search members',
        querystring: listMembersQuerySchema,
        response: { 200: memberListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await admin.listMembers(request.query);
      return { items: page.items.map(toMemberSummary), total: page.total };
    },
  );

  app.get(
    '/members/:id',
    {
      schema: {
        operationId: 'getMember',
        security: session,
        tags,
        summary: 'One member',
        params: memberIdParamsSchema,
        response: { 200: memberDetailSchema, ...errors },
      },
    },
    async (request) => admin.getMember(request.params.id),
  );

  app.put(
    '/members/:id/role',
    {
      schema: {
        operationId: 'setMemberRole',
        security: session,
        tags,
        summary: 'Make a member an operator or back (audited)',
        params: memberIdParamsSchema,
        body: setMemberRoleBodySchema,
        response: { 200: memberSummarySchema, ...errors },
      },
    },
    async (request) => toMemberSummary(await admin.setRole(authOf(request).userId, request.params.id, request.body, request.ip)),
  );

  app.put(
    '/members/:id/status',
    {
      schema: {
        operationId: 'setMemberStatus',
        security: session,
        tags,
        summary: 'Freeze (ends every session, blocks sign-in) or unfreeze a member (audited)',
        params: memberIdParamsSchema,
        body: setMemberStatusBodySchema,
        response: { 200: memberSummarySchema, ...errors },
      },
    },
    async (request) => toMemberSummary(await admin.setStatus(authOf(request).userId, request.params.id, request.body, request.ip)),
  );

  app.post(
    '/members/:id/sign-in-links',
    {
      schema: {
        operationId: 'issueSignInLink',
        security: session,
        tags,
        summary: 'Issue a single-use 15-minute sign-in link for a member (support; audited)',
        params: memberIdParamsSchema,
        body: issueSignInLinkBodySchema,
        response: { 201: issuedSignInLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await issueSignInLink(
            app.accountDeps,
            {
              operatorId: authOf(request).userId,
              memberId: request.params.id,
              reason: request.body.reason,
              redirect: request.body.redirect,
            },
            contextOf(request),
          ),
        ),
  );

  app.get(
    '/outbox',
    {
      schema: {
        operationId: 'listOutbox',
        security: session,
        tags,
        summary: 'Messages queued, sent, logged or failed',
        querystring: listOutboxQuerySchema,
        response: { 200: outboxListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await admin.listOutbox(request.query);
      return { items: page.items.map(toOutboxMessage), total: page.total };
    },
  );

  app.get(
    '/audit-log',
    {
      schema: {
        operationId: 'listAuditLog',
        security: session,
        tags,
        summary: 'Who did what, newest first',
        querystring: listAuditLogQuerySchema,
        response: { 200: auditLogListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await admin.listAuditLog(request.query);
      return { items: page.items.map(toAuditEntry), total: page.total };
    },
  );
};
