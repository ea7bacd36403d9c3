import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@orchard/shared';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';

/** One zod issue as fastify-type-provider-zod hands it over. */
type FieldIssue = { keyword?: string; instancePath?: string; message?: string; params?: { keys?: string[] } };

/** Turn zod issues into `field → message`, naming unknown keys so a client can fix its request. */
function fieldsFromIssues(issues: FieldIssue[], context: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) fields[path ? `${path}.${key}` : key] = 'This field is not allowed.';
      continue;
    }
    fields[path || context] ??= issue.message ?? 'Invalid value.';
  }
  return fields;
}

const FASTIFY_CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function send(reply: import('fastify').FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** One error handler maps everything to `{ error: { code, message, fields? } }`; 5xx never leaks internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      return send(reply, 400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need attention.',
          fields: fieldsFromIssues(error.validation as FieldIssue[], context),
        },
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, { error: { code: 'INTERNAL', message: 'Internal Server Error' } });
    }
    if (isDatabaseUnavailable(error)) {
      // The database went away mid-request (restart, failover): its transaction was rolled back; retry soon.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, {
        error: { code: 'UNAVAILABLE', message: 'The service is briefly unavailable. Please try again in a moment.' },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, status === 503 ? 503 : 500, {
        error: {
          code: status === 503 ? 'UNAVAILABLE' : 'INTERNAL',
          message: status === 503 ? 'Service Unavailable' : 'Internal Server Error',
        },
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type, rate limit …).
    const code = FASTIFY_CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : error.message;
    return send(reply, status, { error: { code, message } });
  });
}

export function apiNotFound(method: string, url: string): ApiErrorBody {
  return { error: { code: 'NOT_FOUND', message: `No API route for ${method} ${url.split('?')[0]}` } };
}
