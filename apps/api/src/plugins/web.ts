import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAppRoute, pathMatcher, type PublicConfig } from '@orchard/shared';
import { requestLanguage } from '../i18n/translate';
import { DYNAMIC_BROTLI_OPTIONS } from '../lib/compression';

const YEAR_SECONDS = 31_536_000;

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function readBuildId(distDir: string): string {
  try {
    const latest = JSON.parse(readFileSync(join(distDir, 'builds', 'latest.json'), 'utf8')) as { id?: unknown };
    return typeof latest.id === 'string' ? latest.id : 'dev';
  } catch {
    return 'dev';
  }
}

/**
 * The page shell with the run-time configuration in a meta tag (docs/product.md C1): one build
 * serves any deployment, and no inline script is needed to hand the values over.
 */
function renderShell(template: string, config: Omit<PublicConfig, 'buildId'>, buildId: string): string {
  const payload: PublicConfig = { ...config, buildId };
  return template
    .replace('<!--orchard-config-->', `<meta name="orchard-config" content="${escapeAttribute(JSON.stringify(payload))}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(config.appName)}</title>`);
}

/** What apps/web/route-preloads.ts writes: each page's chunks and styles beyond the entry's. */
type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

function readRoutePreloads(distDir: string): RoutePreloads {
  try {
    return JSON.parse(readFileSync(join(distDir, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return {};
  }
}

/**
 * The shell of one page, naming the page's own chunks and styles: the browser fetches them
 * alongside the entry instead of one round trip after another as each import is discovered.
 */
function withPreloads(shell: string, preload: RoutePreloads[string]): string {
  const links = [
    ...preload.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
    ...preload.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`),
  ];
  return links.length === 0 ? shell : shell.replace('</head>', `${links.join('')}</head>`);
}

/** Whether the request carries a session cookie (valid or not: the page itself checks). */
function hasSessionCookie(cookie: string | undefined, name: string): boolean {
  return cookie !== undefined && cookie.includes(`${name}=`);
}

/** The session probe every page makes before it renders (apps/web/src/lib/session.ts). */
const SESSION_PROBE = '/session';
/** A shell is not held back longer than this for its answers; the page then reads them itself. */
const READS_WAIT_MS = 1_000;

/**
 * A page's reads answered in advance: each GET goes through the API in-process, as the page
 * would send it (the caller's cookie and address), and the 200 answers go into the shell as
 * JSON, which apps/web/src/lib/api-client.ts uses for the page's first reads instead of the
 * network. Anything else (an error, a slow answer) is left out and the page reads it itself.
 */
async function answerReads(app: FastifyInstance, request: FastifyRequest, apiBase: string, paths: readonly string[]): Promise<string> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'fetch' };
  for (const name of ['cookie', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = Promise.all(
    paths.map(async (path) => {
      // Each read settles on its own, so one that fails after the wait leaves no rejection behind.
      const response = await app
        .inject({ method: 'GET', url: `${apiBase}${path}`, headers, remoteAddress: request.ip })
        .catch(() => undefined);
      return response?.statusCode === 200 ? `${JSON.stringify(path)}:${response.body}` : undefined;
    }),
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READS_WAIT_MS)));
  try {
    const found = await Promise.race([answers, late]);
    const entries = (found ?? []).filter((entry) => entry !== undefined);
    if (entries.length === 0) return '';
    // JSON has `<` only inside strings, where \u003c reads the same: no `</script>` can close the tag early.
    // The language they were answered in (the browser's Accept-Language): a page in another language
    // reads its operator content itself (apps/web/src/lib/api-client.ts; docs/decisions/0024).
    return `<script type="application/json" id="orchard-reads" data-language="${requestLanguage(request)}">{${entries.join(',').replaceAll('<', '\\u003c')}}</script>`;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A shell compressed for the browser that asked, as the API's answers are (@fastify/compress
 * hooks routes, and a page's shell is the not-found handler's), with the same brotli settings.
 */
function compressShell(reply: FastifyReply, page: string, acceptEncoding: string | undefined): string | Buffer {
  // The codings the browser takes; one it marks `q=0` it refuses.
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim()))
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([coding]) => coding),
  );
  if (page.length < 1024) return page;
  if (accepted.has('br')) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(page, DYNAMIC_BROTLI_OPTIONS);
  }
  if (accepted.has('gzip')) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(page);
  }
  return page;
}

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orchard</title><!--orchard-config--></head>
<body><div id="app"><p>The web app has not been built. Run <code>npm run build</code>.</p></div></body></html>`;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, the
 * page shell never cached. Known routes answer 200, other paths 404 (with the app, which shows
 * its error page), unknown /api paths the JSON error.
 */
export async function registerWebApp(
  app: FastifyInstance,
  /** `sessionCookie`: the session cookie's name, handed over by app.ts (the accounts module's). */
  options: { distDir?: string; config: Omit<PublicConfig, 'buildId'>; sessionCookie: string },
) {
  // Reads are answered in the shell only when the API is this server's (a path, not another origin).
  const apiBase = options.config.apiBaseUrl.startsWith('/') ? options.config.apiBaseUrl.replace(/\/$/, '') : undefined;
  const distDir = options.distDir && existsSync(join(options.distDir, 'index.html')) ? options.distDir : undefined;
  const shell = renderShell(
    distDir ? readFileSync(join(distDir, 'index.html'), 'utf8') : FALLBACK_SHELL,
    options.config,
    distDir ? readBuildId(distDir) : 'dev',
  );

  const preloads = distDir ? readRoutePreloads(distDir) : {};
  const matchPage = pathMatcher(Object.keys(preloads));
  const pageShells = new Map(Object.entries(preloads).map(([pattern, preload]) => [pattern, withPreloads(shell, preload)]));

  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each file (apps/web/precompress.ts), compressed harder
      // than an answer can be on the fly.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${join(distDir, 'assets')}`);
        res.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return app.sendApiNotFound(request, reply);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return app.sendApiNotFound(request, reply);
    }
    const route = path === '/index.html' ? undefined : findAppRoute(path);
    const known = route !== undefined;
    // A visitor with no session is sent on to sign in: a signed-in page's chunks would be wasted.
    const mayRender = route?.access === 'public' || route?.access === 'guest' || hasSessionCookie(request.headers.cookie, options.sessionCookie);
    const pattern = known && mayRender ? matchPage(path) : undefined;
    let page = (pattern !== undefined && pageShells.get(pattern)) || shell;
    if (known && mayRender && apiBase && distDir && request.method === 'GET') {
      const reads = await answerReads(app, request, apiBase, [SESSION_PROBE, ...(route.reads ?? [])]);
      page = page.replace('</head>', `${reads}</head>`);
    }
    // no-store: the shell may carry the member's own answers, and is never kept by any cache.
    reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding');
    return reply.send(compressShell(reply, page, request.headers['accept-encoding']));
  });
}
