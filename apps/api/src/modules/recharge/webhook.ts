import { createHmac, timingSafeEqual } from 'node:crypto';

/** `Orchard-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; several v1 allowed (secret rotation). */
function parseSignatureHeader(header: string | undefined): { timestamp: number; signatures: string[] } | null {
  if (!header || header.length > 1000) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (name === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The header a gateway (or a test) sends for `rawBody` at `timestamp`. */
export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'mismatch';

export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds: number,
  toleranceSeconds: number,
): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'malformed';
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) return 'stale';
  const expected = Buffer.from(signPayload(secret, parsed.timestamp, rawBody), 'hex');
  const matches = parsed.signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? 'ok' : 'mismatch';
}
