import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytesToBase64Url, type BooksPublicKey } from '@orchard/shared/books';
import type { Config } from '../../config';

/** The operator's Ed25519 key that signs the sealed days (docs/decisions/0028). */
export interface SigningKey {
  publicKey: BooksPublicKey;
  /** The base64url Ed25519 signature of `text` (UTF-8). */
  sign(text: string): string;
}

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed. */
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SEED = /^[A-Za-z0-9_-]{43}=?$|^[A-Za-z0-9+/]{43}=$/;

function fromConfigured(text: string): KeyObject {
  const value = text.trim().replace(/\\n/g, '\n');
  if (value.includes('-----BEGIN')) return createPrivateKey(value);
  if (SEED.test(value))
    return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(value, 'base64url')]), format: 'der', type: 'pkcs8' });
  return createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
}

function signingKeyOf(privateKey: KeyObject): SigningKey {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('BOOKS_SIGNING_KEY must be an Ed25519 private key');
  const raw = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x!, 'base64url');
  return {
    publicKey: {
      keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
      algorithm: 'Ed25519',
      publicKey: bytesToBase64Url(raw),
    },
    sign: (text) => bytesToBase64Url(sign(null, Buffer.from(text, 'utf8'), privateKey)),
  };
}

/** A new key's 32-byte seed, base64url: what BOOKS_SIGNING_KEY takes. */
function newSigningSeed(): string {
  const der = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' });
  return der.subarray(PKCS8_PREFIX.length).toString('base64url');
}

/**
 * The key from BOOKS_SIGNING_KEY (a base64url 32-byte seed, a PKCS#8 PEM or its base64 DER). Without
 * one, the embedded shape (PGlite in DATA_DIR) makes a key once and keeps it beside the data
 * (`books-signing-key`), so `npm start` seals; a test run makes one in memory; on PostgreSQL
 * without a key nothing is sealed (null) and the console says so.
 */
export function loadSigningKey(config: Config, options: { create?: boolean } = {}): SigningKey | null {
  if (config.BOOKS_SIGNING_KEY) return signingKeyOf(fromConfigured(config.BOOKS_SIGNING_KEY));
  if (config.NODE_ENV === 'test') return signingKeyOf(fromConfigured(newSigningSeed()));
  if (config.DATABASE_URL) return null;
  const file = join(config.DATA_DIR, 'books-signing-key');
  if (!existsSync(file)) {
    if (options.create === false) return null;
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(file, `${newSigningSeed()}\n`, { mode: 0o600, flag: 'wx' });
  }
  return signingKeyOf(fromConfigured(readFileSync(file, 'utf8')));
}
