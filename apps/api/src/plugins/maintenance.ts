import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { idempotencyHeaders } from './idempotency';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route moves money: maintenance mode refuses it. A route that documents the
     * Idempotency-Key header (every money request does) is marked so without saying it.
     */
    movesMoney?: boolean;
  }
}

/** How long a client is told to wait before asking again while maintenance mode is on. */
const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
const MESSAGE = 'Money cannot move while the service is being upgraded. Try again in a few minutes.';

const refused = new WeakSet<FastifyRequest>();
/** Whether this request was answered 503 because maintenance mode is on (metrics tell it from a failure). */
export const refusedForMaintenance = (request: FastifyRequest): boolean => refused.has(request);

export interface MaintenanceOptions {
  /** Whether maintenance mode is on now (handed by app.ts: the deploy's key or the operator's switch). */
  isOn: () => Promise<boolean>;
}

/**
 * Maintenance mode: every money-moving request (`config.movesMoney`, or a route documenting the
 * Idempotency-Key header) answers 503 MAINTENANCE with Retry-After before it is parsed, while
 * reads and everything else go on. Register before the routes (it marks them as they register).
 */
async function registerMaintenance(app: FastifyInstance, { isOn }: MaintenanceOptions) {
  app.addHook('onRoute', (route) => {
    if (route.schema?.headers === idempotencyHeaders) route.config = { ...route.config, movesMoney: true };
  });
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config?.movesMoney) return;
    if (!(await isOn())) return;
    refused.add(request);
    throw new AppError('MAINTENANCE', MESSAGE, undefined, { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS) });
  });
}

export const maintenancePlugin = fp<MaintenanceOptions>(registerMaintenance, { name: 'orchard-maintenance' });
