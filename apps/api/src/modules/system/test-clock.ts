import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors';
import type { AdjustableClock } from '../../lib/clock';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * TEST_CLOCK only (browser journeys): moves the app clock forward, e.g. past a commission's
 * holding period. Answers only requests from this machine and is left out of the API document.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: AdjustableClock }> = async (app, { clock }) => {
  app.post(
    '/api/test/clock',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        body: z.strictObject({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(400 * 86_400_000),
        }),
        response: { 200: z.strictObject({ now: z.iso.datetime() }) },
      },
    },
    async (request) => {
      if (!LOOPBACK.test(request.socket.remoteAddress ?? '')) throw forbidden('The test clock answers this machine only.');
      clock.advance(request.body.advanceMs);
      return { now: clock.now().toISOString() };
    },
  );
};
