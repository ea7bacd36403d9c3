import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { generateToken, sha256Hex } from '../../lib/tokens';
import { isSecureRequest } from './sessions';

/**
 * The browser's device, which the self-referral signals compare along the chain (team/signals.ts,
 * docs/decisions/0014): read on every request that may open a session (plugin.ts).
 */
export const DEVICE_COOKIE = 'orchard_device';
const DEVICE_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;

/**
 * The browser's device id: a random value in a long-lived HttpOnly cookie. Only its sha256 is
 * stored. A browser without one gets a new value (`fresh`), which the cookie carries only once a
 * session has opened (setDeviceCookie): a failed sign-in sets nothing.
 */
export function deviceOf(request: FastifyRequest): { hash: string; fresh: string | null } {
  const existing = readDeviceCookie(request.headers.cookie);
  if (existing) return { hash: sha256Hex(existing), fresh: null };
  const value = generateToken();
  return { hash: sha256Hex(value), fresh: value };
}

export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, config: Config, value: string) {
  const parts = [`${DEVICE_COOKIE}=${value}`, 'Path=/api', 'HttpOnly', 'SameSite=Lax', `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`];
  if (isSecureRequest(request, config)) parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}

function readDeviceCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === DEVICE_COOKIE) {
      const value = part.slice(index + 1).trim();
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}
