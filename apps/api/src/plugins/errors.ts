import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@orchard/shared';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { requestLanguage, translateText } from '../i18n/translate';
import { traceContext } from '../lib/trace-context';

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

/** Fastify's and Node's own 4xx, in our vocabulary, with messages that do not echo the request back. */
const FRAMEWORK_CLIENT_ERRORS: Record<number, { code: ErrorCode; message?: string }> = {
  404: { code: 'NOT_FOUND' },
  405: { code: 'METHOD_NOT_ALLOWED' },
  408: { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  414: { code: 'URI_TOO_LONG', message: 'The address of the request is too long.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
  429: { code: 'RATE_LIMITED' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
};

/** The error answer for a framework error that is not ours (a parser, the router, compression). */
function frameworkClientError(error: FastifyError, status: number): ApiErrorBody {
  const known = FRAMEWORK_CLIENT_ERRORS[status];
  const message =
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError
      ? 'The request body is not valid JSON.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The address of the request is not valid (broken percent-encoding).'
        : (known?.message ?? error.message);
  return { error: { code: known?.code ?? 'BAD_REQUEST', message } };
}

/**
 * Sends an error in the language the request asks for (its Accept-Language; src/i18n), with the
 * request's trace id while tracing is on (support finds the trace by it, docs/decisions/0036).
 */
function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  const traceId = traceContext()?.ids()?.traceId;
  if (traceId) body = { error: { ...body.error, traceId } };
  const language = requestLanguage(reply.request);
  if (language !== 'en') {
    const { fields, message, ...rest } = body.error;
    body = {
      error: {
        ...rest,
        message: translateText(language, message),
        ...(fields
          ? { fields: Object.fromEntries(Object.entries(fields).map(([key, text]) => [key, translateText(language, text)])) }
          : {}),
      },
    };
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** One error handler maps everything to `{ error: { code, message, fields?, traceId? } }`; 5xx never leaks internals. */
export function registerErrorHandling(app: FastifyInstance) {
  const apiRoutes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
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
    // Fastify's own 4xx (bad JSON, body too large, wrong content type, compression …).
    return send(reply, status, frameworkClientError(error, status));
  });

  // Every route's pattern, so an API path that exists under other methods answers 405 with Allow.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pattern = routePattern(route.url);
    const known = apiRoutes.get(pattern.source) ?? { pattern, methods: new Set<string>() };
    for (const method of methods) known.methods.add(method);
    if (known.methods.has('GET')) known.methods.add('HEAD');
    apiRoutes.set(pattern.source, known);
  });

  /** Not found under /api: 405 with Allow when the path exists under another method, else 404. */
  app.decorate('sendApiNotFound', (request: FastifyRequest, reply: FastifyReply) => {
    const path = (request.url.split('?')[0] ?? '/').replace(/(?<=.)\/$/, '');
    const allowed = new Set<string>();
    for (const { pattern, methods } of apiRoutes.values()) if (pattern.test(path)) for (const method of methods) allowed.add(method);
    if (allowed.size > 0) {
      reply.header('allow', [...allowed].sort().join(', '));
      return send(reply, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: `${path} does not accept ${request.method}.` } });
    }
    return send(reply, 404, { error: { code: 'NOT_FOUND', message: `No API route for ${request.method} ${path}` } });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    sendApiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

/** `/api/v1/members/:id/wallet` → a regular expression matching concrete paths (a parameter is one segment). */
function routePattern(url: string): RegExp {
  const source = url
    .replace(/(?<=.)\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Fastify's `frameworkErrors`: the router refuses a URL before any route or hook runs (broken
 * percent-encoding → 400, a path parameter over maxParamLength → 414).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  return send(reply, status, frameworkClientError(error, status));
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (a malformed request line,
 * headers over the size limit, a timeout) and there is no request object, only the socket.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const known = FRAMEWORK_CLIENT_ERRORS[status];
  const body = JSON.stringify({
    error: { code: known?.code ?? 'BAD_REQUEST', message: known?.message ?? 'The request could not be read as HTTP.' },
  } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
