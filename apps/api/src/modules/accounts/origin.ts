import type { AddressInfo } from 'node:net';
import type { Config } from '../../config';

/**
 * Hosts that mean "every interface" (a link cannot point there, the machine's own name can) or
 * this machine only (the default HOST, 127.0.0.1): links say `localhost`, the name the README
 * opens and the one passkeys need.
 */
const LOCAL_NAMES = new Set(['0.0.0.0', '::', '[::]', '', '127.0.0.1', '::1', '[::1]']);

function hostForUrl(host: string): string {
  if (LOCAL_NAMES.has(host)) return 'localhost';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The origin of links sent to members (sign-in links, reset and "no account here" notices): the
 * configured PUBLIC_URL, or else the address the server listens on. Never the request's Host or
 * X-Forwarded-Host: whoever asks a link for someone else's address chooses those headers, and the
 * link would carry the member's token to the asker's server.
 */
export function linkOrigin(config: Config, listening?: AddressInfo | string | null): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  // Once listening, the real port (PORT=0 picks one); before that, the configured one.
  const port = listening && typeof listening === 'object' ? listening.port : config.PORT;
  return `http://${hostForUrl(config.HOST)}:${port}`;
}
