import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updateNotificationPreferencesBodySchema,
} from '@orchard/shared';
import { requestLanguage } from '../../i18n/translate';
import { depsOf, errorResponses, memberRoute, type RouteApp } from '../../lib/route-app';
import { authOf } from '../../plugins/auth';
import { getPreferences, listInbox, readAll, readOne, unreadOf, unsubscribe, updatePreferences } from './service';

/** The inbox: list, count, mark read (docs/decisions/0034). */
function inboxRoutes(app: RouteApp) {
  app.get(
    '/notifications',
    memberRoute('notifications', 'listNotifications', 'My inbox, newest first, with how many are unread', {
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema, ...errorResponses(400, 401) },
    }),
    async (request) => listInbox(depsOf(app), authOf(request).userId, requestLanguage(request), request.query),
  );
  app.get(
    '/notifications/unread',
    memberRoute('notifications', 'countUnreadNotifications', 'How many of my notifications are unread (the bell)', {
      response: { 200: unreadCountSchema, ...errorResponses(401) },
    }),
    async (request) => unreadOf(depsOf(app), authOf(request).userId),
  );
  app.post(
    '/notifications/:id/read',
    memberRoute('notifications', 'readNotification', 'Marks one of my notifications read; another member’s is 404', {
      params: notificationIdParamsSchema,
      response: { 200: unreadCountSchema, ...errorResponses(400, 401, 404) },
    }),
    async (request) => readOne(depsOf(app), authOf(request).userId, request.params.id),
  );
  app.post(
    '/notifications/read-all',
    memberRoute('notifications', 'readAllNotifications', 'Marks all my notifications read', {
      response: { 200: unreadCountSchema, ...errorResponses(401) },
    }),
    async (request) => readAll(depsOf(app), authOf(request).userId),
  );
}

/** Which emails I get (in-app is always on), and the one-click unsubscribe. */
function preferenceRoutes(app: RouteApp) {
  app.get(
    '/notifications/preferences',
    memberRoute('notifications', 'getNotificationPreferences', 'Which notifications I get by email, and the daily digest', {
      response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
    }),
    async (request) => getPreferences(depsOf(app), authOf(request).userId),
  );
  app.put(
    '/notifications/preferences',
    memberRoute('notifications', 'updateNotificationPreferences', 'Turns emails on or off per kind, and the daily digest', {
      body: updateNotificationPreferencesBodySchema,
      response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401) },
    }),
    async (request) => updatePreferences(depsOf(app), authOf(request).userId, request.body),
  );
  // RFC 8058: a mail provider posts `List-Unsubscribe=One-Click` as a form; the signed token is the authority.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.post(
    '/notifications/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'unsubscribeNotifications',
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058): the email link’s signed token turns that email off, no sign-in',
        querystring: unsubscribeQuerySchema,
        body: z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() }).nullish(),
        response: { 200: unsubscribeResultSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => unsubscribe(depsOf(app), request.query.token),
  );
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  inboxRoutes(app);
  preferenceRoutes(app);
};
