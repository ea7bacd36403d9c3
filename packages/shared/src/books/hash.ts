/**
 * SHA-256 through WebCrypto (`crypto.subtle`): the same code in Node (20+) and the browser, no
 * dependency. Hashes are lowercase hex.
 */
import { canonicalParts, type ChainTransaction } from './canonical';

const encoder = new TextEncoder();

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

let syncSha256: ((data: string | Uint8Array) => string) | null = null;
/**
 * A synchronous SHA-256 (hex) to use instead of WebCrypto's: the server passes node:crypto's, which
 * costs a fraction of a `crypto.subtle.digest` round trip through the thread pool. Same bytes, same hash:
 * a string is hashed as its UTF-8 bytes, as TextEncoder gives them.
 */
export function useSyncSha256(hash: (data: string | Uint8Array) => string): void {
  syncSha256 = hash;
}

export async function sha256Hex(text: string | Uint8Array): Promise<string> {
  if (syncSha256) return syncSha256(text);
  const data = typeof text === 'string' ? encoder.encode(text) : text;
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>)));
}

/** The chain's first link points back to this. */
export const GENESIS_HASH = '0'.repeat(64);

/** The hashes of a transaction's parts, kept on its link so a broken link says which part changed. */
export interface PartHashes {
  headerHash: string;
  entriesHash: string;
  accountsHash: string;
  entryCount: number;
}

export async function partHashes(tx: ChainTransaction): Promise<PartHashes> {
  const parts = canonicalParts(tx);
  const [headerHash, entriesHash, accountsHash] = await Promise.all([
    sha256Hex(parts.header),
    sha256Hex(parts.entries),
    sha256Hex(parts.accounts),
  ]);
  return { headerHash, entriesHash, accountsHash, entryCount: tx.entries.length };
}

/** A link's hash: its place, the previous link's hash and its transaction's parts. */
export function linkHash(seq: string, prevHash: string, parts: Omit<PartHashes, 'entryCount'>): Promise<string> {
  return sha256Hex(`orchard-chain-v1\n${seq}\n${prevHash}\n${parts.headerHash}\n${parts.entriesHash}\n${parts.accountsHash}`);
}
