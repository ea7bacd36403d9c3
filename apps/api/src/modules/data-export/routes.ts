import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, dataExportLinkSchema } from '@orchard/shared';
import { authOf } from '../../plugins/auth';
import { dayStamp, depsOf, memberRoute } from '../../lib/route-app';
import { downloadDataExport, requestDataExport } from './service';

/** "Download my data" on /profile: a single-use link, then the ZIP behind it. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/data-export',
    memberRoute('accounts', 'requestDataExport', 'A single-use link (15 minutes) to a ZIP of my data, JSON and CSV; at most 3 a day', {
      response: { 201: dataExportLinkSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    }),
    async (request, reply) => reply.code(201).send(await requestDataExport(depsOf(app), authOf(request).userId)),
  );

  app.get(
    '/me/data-export/:token',
    memberRoute('accounts', 'downloadDataExport', 'The ZIP of my data, once per link; a used, expired or unknown link is 404', {
      params: z.strictObject({ token: z.string().min(1).max(100) }),
      produces: ['application/zip'],
      response: { 200: z.any().describe('application/zip'), 401: apiErrorSchema, 404: apiErrorSchema },
    }),
    async (request, reply) => {
      const zip = await downloadDataExport(depsOf(app), authOf(request).userId, request.params.token);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="orchard-data-${dayStamp(app)}.zip"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip));
    },
  );
};
