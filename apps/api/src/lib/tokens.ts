import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit random secret, URL-safe (session tokens, sign-in link tokens). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash; the raw value exists in the member's hands alone. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Six digits, uniformly random, leading zeros kept. */
export function generateSixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
