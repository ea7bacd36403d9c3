import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (the console's TOTP secrets) kept encrypted at rest with
 * AES-256-GCM under a key from the environment (SECOND_FACTOR_KEY, docs/decisions/0029). The key's
 * id is stored beside each ciphertext, so keys rotate: the first key of the list encrypts, every
 * key of the list decrypts, and the start re-encrypts what an older key (or none) sealed.
 * A stored value with no key id is plain text (written before a key was set).
 */
export interface Keyring {
  /** The key new secrets are sealed with; none: secrets are stored as they are. */
  current?: { id: string; key: Buffer };
  keys: Map<string, Buffer>;
}

const KEY_ENTRY = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]+)$/;
const rings = new Map<string, Keyring>();

/** `id:base64-of-32-bytes`, comma-separated; the first encrypts. Throws on a malformed list (config.ts checks it first). */
export function keyringOf(value: string | undefined): Keyring {
  if (!value) return { keys: new Map() };
  const known = rings.get(value);
  if (known) return known;
  const keys = new Map<string, Buffer>();
  let current: Keyring['current'];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = KEY_ENTRY.exec(entry);
    const key = match ? Buffer.from(match[2]!, 'base64') : undefined;
    if (!match || key?.length !== 32) throw new Error('SECOND_FACTOR_KEY: each key is id:base64 of 32 random bytes (openssl rand -base64 32)');
    if (keys.has(match[1]!)) throw new Error(`SECOND_FACTOR_KEY: the key id ${match[1]} is listed twice`);
    keys.set(match[1]!, key);
    current ??= { id: match[1]!, key };
  }
  const ring = { current, keys };
  rings.set(value, ring);
  return ring;
}

/** Seals `plain` for the row `context` names (bound as associated data: a ciphertext moved to another row does not open). */
export function sealSecret(ring: Keyring, plain: string, context: string): { secret: string; secretKeyId: string | null } {
  if (!ring.current) return { secret: plain, secretKeyId: null };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv).setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { secret: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64'), secretKeyId: ring.current.id };
}

/** The plain secret of a stored one. Throws when its key is not in the ring or it was tampered with. */
export function openSecret(ring: Keyring, stored: { secret: string; secretKeyId: string | null }, context: string): string {
  if (stored.secretKeyId === null) return stored.secret;
  const key = ring.keys.get(stored.secretKeyId);
  if (!key) throw new Error(`A secret is sealed with the key ${stored.secretKeyId}, which SECOND_FACTOR_KEY does not list`);
  const raw = Buffer.from(stored.secret, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
