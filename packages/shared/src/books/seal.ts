/**
 * A sealed day (docs/decisions/0028): what the operator signs once a day closes. The payload is
 * canonical JSON; its Ed25519 signature is checked with WebCrypto, in Node and in the browser.
 */
import { canonicalJson } from './canonical';

export interface SealPayload {
  v: 1;
  /** The UTC day sealed, YYYY-MM-DD: every ledger transaction dated before `periodEnd`. */
  day: string;
  periodEnd: string;
  /** The chain's head when the day was sealed: it covers every transaction of the day. */
  chain: { seq: string; txId: string; hash: string };
  /** Merkle root of every member account's closing balance (merkle.ts). */
  balancesRoot: string;
  memberAccounts: number;
  /** Each platform account's closing balance. */
  platform: { accountId: string; type: string; currency: string; balance: string }[];
  /** SHA-256 of the previous seal's payload (null for the first): the seals form a chain too. */
  previous: string | null;
  keyId: string;
}

export const sealPayloadText = (payload: SealPayload) => canonicalJson(payload);

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The operator's public key as published (`/.well-known/orchard-books.json`). */
export interface BooksPublicKey {
  keyId: string;
  algorithm: 'Ed25519';
  /** The raw 32-byte key, base64url. */
  publicKey: string;
}

/** True when `signature` (base64url) is the key's Ed25519 signature of the payload text. */
export async function verifySealSignature(payloadText: string, signature: string, publicKey: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', base64UrlToBytes(publicKey), { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, base64UrlToBytes(signature), new TextEncoder().encode(payloadText));
  } catch {
    return false;
  }
}
