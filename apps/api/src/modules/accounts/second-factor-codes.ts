import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The codes of the console's second factor (second-factor.ts): TOTP as RFC 6238 sets it and every
 * authenticator app reads it (SHA-1, 6 digits, 30-second steps, by `otpauth`), and the one-time
 * recovery codes.
 */

const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after now are accepted too (clocks drift; typing takes time). */
const WINDOW = 1;

function totpOf(secret: string, label = 'console', issuer = 'Orchard') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI an authenticator app scans, and its QR code as an SVG data URL. */
export async function totpEnrolment(secret: string, label: string, issuer: string): Promise<{ uri: string; qrSvgDataUrl: string }> {
  const uri = totpOf(secret, label, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The 30-second step a code belongs to (within one step of `at`), or null when it is not a code of this secret. */
export function totpStepOf(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a secret at a time (tests, the browser journeys, the demo). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/** Letters and digits that are not read for one another (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** One recovery code, `xxxx-xxxx-xxxx` (about 59 bits); its first group names its row. */
export function newRecoveryCode(): string {
  const groups = [0, 1, 2].map(() => Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** A recovery code as typed (spaces, dashes and case forgiven) in its shown form, and its lookup group. */
export function normaliseRecoveryCode(typed: string): { code: string; lookup: string } {
  const bare = typed.replace(/[\s-]/g, '').toLowerCase();
  return { code: `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8, 12)}`, lookup: bare.slice(0, 4) };
}
