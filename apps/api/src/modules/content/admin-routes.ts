import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_TYPES,
  adminHelpArticleListSchema,
  adminHelpArticleSchema,
  adminPromotionListSchema,
  adminPromotionSchema,
  announcementListSchema,
  announcementSchema,
  apiErrorSchema,
  contentIdParamsSchema,
  legalParamsSchema,
  legalVersionsSchema,
  publishLegalBodySchema,
  publishedLegalSchema,
  supportContactsSchema,
  updateSupportContactsBodySchema,
  upsertAnnouncementBodySchema,
  upsertHelpArticleBodySchema,
  upsertPromotionBodySchema,
  uploadedImageSchema,
} from '@orchard/shared';
import { operatorOf } from '../../plugins/operator-scope';
import {
  getSupportContacts,
  listAdminArticles,
  listAdminPromotions,
  listAnnouncements,
  listLegalVersions,
  publishLegal,
  saveAnnouncement,
  saveArticle,
  savePromotion,
  updateSupportContacts,
} from './content';
import { uploadImage } from './images';
import { consoleRoute, depsOf, type RouteApp, errorResponses } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

// 401 and 403 are added to every operator route by the operator scope.
const errors = errorResponses(400, 404, 409);

/** Announcements: list, create, edit. */
function announcementRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/announcements',
    consoleRoute('content', 'listAnnouncements', 'Every announcement, newest first', { response: { 200: announcementListSchema } }),
    async () => listAnnouncements(deps),
  );

  app.post(
    '/announcements',
    consoleRoute('content', 'createAnnouncement', 'A new announcement for the /home marquee (audited)', {
      body: upsertAnnouncementBodySchema,
      response: { 201: announcementSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await saveAnnouncement(deps, operatorOf(request), null, request.body)),
  );

  app.put(
    '/announcements/:id',
    consoleRoute('content', 'updateAnnouncement', 'Change an announcement (audited)', {
      params: contentIdParamsSchema,
      body: upsertAnnouncementBodySchema,
      response: { 200: announcementSchema, ...errors },
    }),
    async (request) => saveAnnouncement(deps, operatorOf(request), request.params.id, request.body),
  );
}

/** Promotions (list, create, edit) and the images they show. */
function promotionRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/promotions',
    consoleRoute('content', 'listAdminPromotions', 'Every promotion, newest start first', { response: { 200: adminPromotionListSchema } }),
    async () => listAdminPromotions(deps),
  );

  app.post(
    '/promotions',
    consoleRoute('content', 'createPromotion', 'A new promotion (Markdown body, image, window, plan or coupon; audited)', {
      body: upsertPromotionBodySchema,
      response: { 201: adminPromotionSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await savePromotion(deps, operatorOf(request), null, request.body)),
  );

  app.put(
    '/promotions/:id',
    consoleRoute('content', 'updatePromotion', 'Change a promotion (audited)', {
      params: contentIdParamsSchema,
      body: upsertPromotionBodySchema,
      response: { 200: adminPromotionSchema, ...errors },
    }),
    async (request) => savePromotion(deps, operatorOf(request), request.params.id, request.body),
  );

  app.post(
    '/images',
    {
      ...consoleRoute(
        'content',
        'uploadContentImage',
        'Upload an image (PNG, JPEG or WebP, at most 1 MiB; the body is the file, Content-Type its type; audited)',
        { consumes: [...CONTENT_IMAGE_TYPES], response: { 201: uploadedImageSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema } },
      ),
      bodyLimit: CONTENT_IMAGE_MAX_BYTES,
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return reply.status(201).send(await uploadImage(deps, operatorOf(request), request.headers['content-type'] ?? '', body));
    },
  );
}

/** Help articles: list, create, edit. */
function helpArticleRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/help-articles',
    consoleRoute('content', 'listAdminHelpArticles', 'Every help article, published or not', {
      response: { 200: adminHelpArticleListSchema },
    }),
    async () => listAdminArticles(deps),
  );

  app.post(
    '/help-articles',
    consoleRoute('content', 'createHelpArticle', 'A new help article (audited)', {
      body: upsertHelpArticleBodySchema,
      response: { 201: adminHelpArticleSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await saveArticle(deps, operatorOf(request), null, request.body)),
  );

  app.put(
    '/help-articles/:id',
    consoleRoute('content', 'updateHelpArticle', 'Change a help article (audited)', {
      params: contentIdParamsSchema,
      body: upsertHelpArticleBodySchema,
      response: { 200: adminHelpArticleSchema, ...errors },
    }),
    async (request) => saveArticle(deps, operatorOf(request), request.params.id, request.body),
  );
}

/** The support contacts members see. */
function supportContactRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/support-contacts',
    consoleRoute('content', 'getSupportContacts', 'How members reach support', { response: { 200: supportContactsSchema } }),
    async () => getSupportContacts(deps),
  );

  app.put(
    '/support-contacts',
    consoleRoute('content', 'updateSupportContacts', 'Change the support contacts (audited)', {
      body: updateSupportContactsBodySchema,
      response: { 200: supportContactsSchema, ...errors },
    }),
    async (request) => updateSupportContacts(deps, operatorOf(request), request.body),
  );
}

/** The legal pages: each one's versions, and a new version published. */
function legalRoutes(app: RouteApp, deps: ServiceDeps) {
  app.get(
    '/legal/:kind',
    consoleRoute('content', 'listLegalVersions', 'Every published version of the terms, privacy notice or about page', {
      params: legalParamsSchema,
      response: { 200: legalVersionsSchema, ...errors },
    }),
    async (request) => listLegalVersions(deps, request.params.kind),
  );

  app.post(
    '/legal/:kind',
    consoleRoute('content', 'publishLegalVersion', 'Publish a new version (the earlier ones are kept; audited)', {
      params: legalParamsSchema,
      body: publishLegalBodySchema,
      response: { 201: publishedLegalSchema, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await publishLegal(deps, operatorOf(request), request.params.kind, request.body)),
  );
}

/** Operator console: announcements, promotions and their images, help articles, contacts, legal pages. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  // Images arrive as the raw file, at most 1 MiB; the service checks the bytes are what the type says.
  app.addContentTypeParser([...CONTENT_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: CONTENT_IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  announcementRoutes(app, deps);
  promotionRoutes(app, deps);
  helpArticleRoutes(app, deps);
  supportContactRoutes(app, deps);
  legalRoutes(app, deps);
};
