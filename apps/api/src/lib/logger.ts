import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { API_PREFIX } from '@orchard/shared';
import type { Config } from '../config';
import { traceContext } from './trace-context';

/** Where log lines go: a terminal gets pino-pretty, anything else (files, collectors) JSON lines. */
export interface LogTarget {
  /** Tests pass a stream to read the lines back. */
  stream?: NodeJS.WritableStream;
  tty?: boolean;
}

/**
 * While tracing is on, every line written inside a traced request names its trace and span
 * (`trace_id`, `span_id`, the OpenTelemetry log field names), so a log line leads to its trace.
 * Off, no mixin is installed at all.
 */
function traceFields(): { mixin?: () => Record<string, string> } {
  const tracing = traceContext();
  if (!tracing) return {};
  return {
    mixin: (): Record<string, string> => {
      const ids = tracing.ids();
      return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
    },
  };
}

export function loggerOptions(config: Config, target: LogTarget = {}): FastifyServerOptions['logger'] {
  if (config.LOG_LEVEL === 'silent') return false;
  if (target.stream) return { level: config.LOG_LEVEL, stream: target.stream, ...traceFields() };
  if (target.tty ?? process.stdout.isTTY) {
    return {
      level: config.LOG_LEVEL,
      ...traceFields(),
      transport: {
        target: 'pino-pretty',
        // Request lines carry their facts in the message; the same fields as key/value blocks would double them.
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime' },
      },
    };
  }
  return { level: config.LOG_LEVEL, ...traceFields() };
}

/**
 * One line per finished request instead of Fastify's two (incoming, completed). Only API calls and
 * requests that change something are logged at info: a page view fetches dozens of static files
 * (assets, builds/, favicon), which at info buried everything else. Those go to debug; server
 * errors to error whatever the path.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const api = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const level = reply.statusCode >= 500 ? 'error' : api || !reads ? 'info' : 'debug';
    const responseTime = Math.round(reply.elapsedTime);
    request.log[level](
      { method: request.method, url: path, statusCode: reply.statusCode, responseTime },
      `${request.method} ${path} ${reply.statusCode} ${responseTime}ms`,
    );
  });
}
