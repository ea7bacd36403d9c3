import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, paymentWebhookEventSchema, paymentWebhookResultSchema } from '@orchard/shared';
import { AppError } from '../../errors';
import { applyWebhookEvent, webhookSecretOf } from './webhook-event';
import { verifySignature } from './webhook';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * POST /webhooks/payments/{channel}: a gateway reports a payment (see WEBHOOK.md). The signature
 * is checked over the raw body before anything is parsed or validated; a bad or stale signature
 * gets 401 and changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // This context keeps the raw body: the signature covers the exact bytes the gateway sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(null, body);
  });

  app.post(
    '/webhooks/payments/:channel',
    {
      config: { movesMoney: true, access: 'public' },
      schema: {
        operationId: 'paymentWebhook',
        tags: ['recharge'],
        summary: 'Payment gateway webhook (HMAC-SHA256 signed, see WEBHOOK.md)',
        params: z.strictObject({ channel: z.string().max(40) }),
        headers: z.looseObject({ 'orchard-signature': z.string().max(1000).optional() }),
        body: paymentWebhookEventSchema,
        response: { 200: paymentWebhookResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      preValidation: async (request) => {
        const { channel: code } = request.params as { channel: string };
        const webhookSecret = await webhookSecretOf({ db: app.database.db }, code);
        const raw = request.rawBody;
        if (raw === undefined) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the event as application/json.');
        const header = request.headers['orchard-signature'];
        const check = verifySignature(
          webhookSecret,
          Array.isArray(header) ? header[0] : header,
          raw,
          Math.floor(app.clock.now().getTime() / 1000),
          app.config.WEBHOOK_TOLERANCE_SECONDS,
        );
        if (check !== 'ok') {
          request.log.warn({ channel: code, check }, 'payment webhook refused');
          const message =
            check === 'stale'
              ? 'The signature timestamp is outside the allowed window.'
              : check === 'malformed'
                ? 'The Orchard-Signature header is missing or malformed.'
                : 'The signature does not match.';
          throw new AppError('INVALID_SIGNATURE', message);
        }
        try {
          request.body = JSON.parse(raw);
        } catch {
          throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
        }
      },
    },
    async (request) => {
      const outcome = await applyWebhookEvent(
        { db: app.database.db, clock: app.clock, config: app.config },
        request.params.channel,
        request.body,
      );
      request.log.info({ channel: request.params.channel, eventId: request.body.id, outcome }, 'payment webhook applied');
      return { received: true as const, outcome };
    },
  );
};
