import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './client-error-limits';

export { CLIENT_ERROR_LIMITS };

export const API_PREFIX = '/api/v1';

export const healthSchema = z.strictObject({ status: z.literal('ok') });
export const readySchema = z.strictObject({ status: z.enum(['ready', 'unavailable']) });

/** Configuration the server hands the browser at run time (docs/product.md C1). */
export const publicConfigSchema = z.strictObject({
  appName: z.string().min(1),
  apiBaseUrl: z.string().min(1),
  currency: z.string().length(3),
  buildId: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** A crash report from the browser (render errors, start-up failures), logged server-side. */
export const clientErrorReportSchema = z.strictObject({
  kind: z.enum(['render', 'mount', 'chunk', 'unhandled']),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  path: z.string().max(CLIENT_ERROR_LIMITS.path),
  buildId: z.string().max(CLIENT_ERROR_LIMITS.buildId),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
