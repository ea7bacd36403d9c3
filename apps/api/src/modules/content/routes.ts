import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  contentIdParamsSchema,
  helpCenterSchema,
  homeContentSchema,
  legalPagesSchema,
  promotionListSchema,
  searchHelpQuerySchema,
} from '@orchard/shared';
import { requestLanguage } from '../../i18n/translate';
import { readImage } from './images';
import { getHelpCenter, getHomeContent, getLegalPages, listPromotions } from './member-content';
import { memberRoute, depsOf, replicaRead, type RouteApp } from '../../lib/route-app';
import type { ServiceDeps } from '../../lib/service-deps';

const tags = ['content'];

/** What /home shows: the announcements and running promotions. */
function homeRoutes(app: RouteApp) {
  app.get(
    '/content/home',
    memberRoute('content', 'getHomeContent', 'The announcements running now (marquee) and the featured promotion of /home', {
      response: { 200: homeContentSchema, 401: apiErrorSchema },
    }),
    async (request) => replicaRead(app, request, (deps) => getHomeContent(deps, requestLanguage(request))),
  );

  app.get(
    '/promotions',
    memberRoute('content', 'listPromotions', 'Promotions running now, the featured first, with their end for the countdown', {
      response: { 200: promotionListSchema, 401: apiErrorSchema },
    }),
    async (request) => replicaRead(app, request, (deps) => listPromotions(deps, requestLanguage(request))),
  );
}

/** The help centre (with search) and the legal pages. */
function helpAndLegalRoutes(app: RouteApp) {
  app.get(
    '/help-center',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getHelpCenter',
        tags,
        summary: 'Help articles by category, or the best matches of a full-text search, and the support contacts',
        querystring: searchHelpQuerySchema,
        response: { 200: helpCenterSchema, 400: apiErrorSchema },
      },
    },
    async (request) => replicaRead(app, request, (deps) => getHelpCenter(deps, request.query, requestLanguage(request))),
  );

  app.get(
    '/legal',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getLegalPages',
        tags,
        summary: 'The newest published terms, privacy notice and about page, each with its version and date',
        response: { 200: legalPagesSchema },
      },
    },
    async (request) => replicaRead(app, request, (deps) => getLegalPages(deps, requestLanguage(request))),
  );
}

/** An uploaded content image. */
function imageRoute(app: RouteApp, deps: () => ServiceDeps) {
  app.get(
    '/content/images/:id',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getContentImage',
        tags,
        summary: 'An uploaded image, served with its own type (never sniffed) and cached for good',
        params: contentIdParamsSchema,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: z.any().describe('the image'), 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const image = await readImage(deps(), request.params.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
}

/**
 * What members (and visitors, for help and the legal pages) read of the operator's content, in the
 * request's language (Accept-Language, which the web app sets to its own; docs/decisions/0024), read
 * from the read replica when there is one (docs/decisions/0040).
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => depsOf(app);
  homeRoutes(app);
  helpAndLegalRoutes(app);
  imageRoute(app, deps);
};
