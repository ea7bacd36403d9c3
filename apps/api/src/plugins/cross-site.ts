import type { FastifyRequest } from 'fastify';
import { API_PREFIX } from '@orchard/shared';

/**
 * Cross-site request refusal (docs/decisions/0006-csrf-rule.md). A state-changing request is
 * accepted when:
 * - `Sec-Fetch-Site`, if the browser sent it, says `same-origin`; and
 * - `Origin`, if sent, is exactly the server's own origin: scheme + host + port;
 * - and when neither is sent (an old browser, a privacy proxy, a script), the request carries
 *   what a cross-site form or "simple" request cannot send without a CORS preflight (which this
 *   server never grants): a JSON body, or the `X-Requested-With` header the web client sends.
 */
export const CLIENT_HEADER = 'x-requested-with';

/** Methods that change state; reads are never refused (they cannot be read back cross-site). */
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes whose callers are servers, not browsers, and which authenticate each request themselves
 * (no cookie is trusted): the payment gateway's webhook, signed with HMAC over the raw body.
 * And the one-click unsubscribe (RFC 8058): a mail provider posts it, the link's signed token is its authority.
 */
const EXEMPT_ROUTES = new Set([`${API_PREFIX}/webhooks/payments/:channel`, `${API_PREFIX}/notifications/unsubscribe`]);

/**
 * The origin the server answers as: PUBLIC_URL when configured (what members type; the proxy's
 * scheme is then known), else the request's own scheme and Host. Behind a proxy the scheme and
 * host are the forwarded ones only when TRUST_PROXY trusts that proxy (Fastify's request.protocol
 * and request.host), so an untrusted hop cannot claim https.
 */
function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string | null {
  try {
    return new URL(publicUrl ?? `${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/** `https://a.example:443` and `https://a.example` are one origin; anything unparsable is none. */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string | undefined): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method)) return false;
  // No route: nothing would change, and the answer (404/405) is the same for everyone.
  if (request.is404 || EXEMPT_ROUTES.has(request.routeOptions.url ?? '')) return false;

  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const from = originOf(origin);
    return from === null || from !== ownOrigin(request, publicUrl);
  }
  if (site === 'same-origin') return false;
  // Neither header: only what a form cannot send.
  const clientHeader = request.headers[CLIENT_HEADER];
  return !isJson(request.headers['content-type']) && (typeof clientHeader !== 'string' || clientHeader === '');
}
