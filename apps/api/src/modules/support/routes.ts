import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSupportPageSchema,
  adminSupportThreadSchema,
  adminSupportTicketSchema,
  listAdminSupportQuerySchema,
  listSupportTicketsQuerySchema,
  openSupportTicketBodySchema,
  supportMessageBodySchema,
  supportThreadSchema,
  supportTicketPageSchema,
  supportTicketSchema,
} from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { operatorOf } from '../../plugins/operator-scope';
import { consoleRoute, depsOf, errorResponses, memberRoute } from '../../lib/route-app';
import * as service from './service';

const params = z.strictObject({ id: z.string().min(1).max(100) });

/** Contact support, as the member sees it: their own tickets only (another member's id is 404). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.post(
    '/support/tickets',
    memberRoute('support', 'openSupportTicket', 'Open a ticket with support: a subject and the first message', {
      body: openSupportTicketBodySchema,
      response: { 201: supportTicketSchema, ...errorResponses(400, 401) },
    }),
    async (request, reply) => reply.code(201).send(await service.openTicket(deps, authOf(request).userId, request.body)),
  );
  app.get(
    '/support/tickets',
    memberRoute('support', 'listSupportTickets', 'My tickets, newest first', {
      querystring: listSupportTicketsQuerySchema,
      response: { 200: supportTicketPageSchema, ...errorResponses(400, 401) },
    }),
    async (request) => service.myTickets(deps, authOf(request).userId, request.query),
  );
  app.get(
    '/support/tickets/:id',
    memberRoute('support', 'getSupportTicket', 'One of my tickets and its messages', {
      params,
      response: { 200: supportThreadSchema, ...errorResponses(401, 404) },
    }),
    async (request) => service.myThread(deps, authOf(request).userId, request.params.id),
  );
  app.post(
    '/support/tickets/:id/messages',
    memberRoute('support', 'replySupportTicket', 'Write to support on my ticket (it waits for support again, a closed one too)', {
      params,
      body: supportMessageBodySchema,
      response: { 200: supportThreadSchema, ...errorResponses(400, 401, 404) },
    }),
    async (request) => service.memberReply(deps, authOf(request).userId, request.params.id, request.body),
  );
  app.post(
    '/support/tickets/:id/close',
    memberRoute('support', 'closeSupportTicket', 'Close my ticket', {
      params,
      response: { 200: supportTicketSchema, ...errorResponses(401, 404, 409) },
    }),
    async (request) => service.memberClose(deps, authOf(request).userId, request.params.id),
  );
};

/** The support queue in the console: read, reply (the member is told), close; each change audited. */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  app.get(
    '/support',
    consoleRoute('support_tickets', 'listSupportQueue', 'Support tickets by status (waiting: longest waiting first; others: latest change first), with the count waiting (open)', {
      querystring: listAdminSupportQuerySchema,
      response: { 200: adminSupportPageSchema, ...errorResponses(400, 401, 403) },
    }),
    async (request) => service.supportQueue(deps, request.query),
  );
  app.get(
    '/support/:id',
    consoleRoute('support_tickets', 'getSupportQueueTicket', 'A ticket and its messages', {
      params,
      response: { 200: adminSupportThreadSchema, ...errorResponses(401, 403, 404) },
    }),
    async (request) => service.supportThread(deps, request.params.id),
  );
  app.post(
    '/support/:id/reply',
    consoleRoute('support_tickets', 'replySupportQueueTicket', 'Reply as support: the ticket is answered and the member is told', {
      params,
      body: supportMessageBodySchema,
      response: { 200: adminSupportThreadSchema, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => service.supportReply(deps, operatorOf(request), request.params.id, request.body),
  );
  app.post(
    '/support/:id/close',
    consoleRoute('support_tickets', 'closeSupportQueueTicket', 'Close a ticket as support', {
      params,
      response: { 200: adminSupportTicketSchema, ...errorResponses(401, 403, 404, 409) },
    }),
    async (request) => service.supportClose(deps, operatorOf(request), request.params.id),
  );
};
