import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  approvalListSchema,
  approvalParamsSchema,
  approvalSettingsSchema,
  approvalsWaitingSchema,
  listApprovalsQuerySchema,
  rejectApprovalBodySchema,
  sentForApprovalSchema,
  updateApprovalSettingsBodySchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import { consoleRoute, depsOf, errorResponses, type RouteApp } from '../../lib/route-app';
import { periodicJob } from '../../lib/periodic-job';
import type { ServiceDeps } from '../../lib/service-deps';
import * as service from './service';

const errors = errorResponses(400, 404, 409, 422);

/** The requests: the list, how many wait for me, one. */
function readRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/approvals',
    consoleRoute(
      'approvals',
      'listApprovals',
      'Requests for a second person’s approval: those waiting by default, one’s own (mine), or one state (newest first, at most 100)',
      {
        querystring: listApprovalsQuerySchema,
        response: { 200: approvalListSchema, 400: apiErrorSchema },
      },
    ),
    async (request) => service.listApprovals(deps, operatorOf(request), request.query.state),
  );

  app.get(
    '/approvals/waiting',
    consoleRoute(
      'approvals',
      'countApprovalsWaiting',
      'How many requests wait for the signed-in person’s approval (others’ requests of kinds their role may approve)',
      {
        response: { 200: approvalsWaitingSchema },
      },
    ),
    async (request) => service.approvalsWaiting(deps, operatorOf(request)),
  );

  app.get(
    '/approvals/:id',
    consoleRoute('approvals', 'getApproval', 'One request for approval: what it would do, who asked, who decided', {
      params: approvalParamsSchema,
      response: { 200: sentForApprovalSchema.shape.approval, 400: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request) => service.getApproval(deps, operatorOf(request), request.params.id),
  );
}

/** Approve (the action runs, once) or reject (with a reason): never one's own request. */
function decisionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.post(
    '/approvals/:id/approve',
    consoleRoute(
      { permission: 'approvals', movesMoney: true },
      'approveRequest',
      'Approve another person’s request: its action runs now, at most once (a retry or a second approver changes nothing)',
      { params: approvalParamsSchema, response: { 200: sentForApprovalSchema, ...errors } },
    ),
    async (request, reply) => {
      const { approval, replayed } = await service.approve(deps, operatorOf(request), request.params.id);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { approval };
    },
  );

  app.post(
    '/approvals/:id/reject',
    consoleRoute('approvals', 'rejectRequest', 'Reject another person’s request with a reason (audited)', {
      params: approvalParamsSchema,
      body: rejectApprovalBodySchema,
      response: { 200: sentForApprovalSchema, ...errors },
    }),
    async (request, reply) => {
      const { approval, replayed } = await service.reject(deps, operatorOf(request), request.params.id, request.body.reason);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { approval };
    },
  );
}

/** The threshold and the expiry. */
function settingsRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/approval-settings',
    consoleRoute(
      'approval_settings',
      'getApprovalSettings',
      'The approval threshold (minor units; null: off) and how long a request waits',
      {
        response: { 200: approvalSettingsSchema },
      },
    ),
    async () => service.approvalSettings(deps),
  );

  app.put(
    '/approval-settings',
    consoleRoute('approval_settings', 'updateApprovalSettings', 'Change the approval threshold and expiry (audited, before and after)', {
      body: updateApprovalSettingsBodySchema,
      response: { 200: approvalSettingsSchema, 400: apiErrorSchema },
    }),
    async (request) => service.updateApprovalSettings(deps, operatorOf(request), request.body),
  );
}

/** Operator console: two-person approval. Registered inside the operator scope. */
export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  readRoutes(app, deps);
  decisionRoutes(app, deps);
  settingsRoutes(app, deps);
};

/** Every APPROVAL_EXPIRY_POLL_MS each instance marks the requests past their expiry (reads and decisions do too). */
async function registerExpiryJob(app: FastifyInstance) {
  periodicJob(app, 'approval expiry', app.config.APPROVAL_EXPIRY_POLL_MS, () =>
    service.expireDueApprovals({ db: app.database.db, clock: app.clock, config: app.config }),
  );
}

export const approvalExpiryJob = fp(registerExpiryJob, { name: 'orchard-approval-expiry' });
