import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/*
 * The console's second factor in the journeys: the e2e operator's authenticator secret is set by
 * configuration (OPERATOR_TOTP_SECRET in playwright.config.ts), and these compute its codes as the
 * authenticator app would, by the server's clock (journeys move it forward: POST /api/test/clock).
 * The server takes each 30-second step's code once, so a run remembers the steps it used and takes
 * the next one (the server accepts one step ahead), waiting when it must.
 */

const PERIOD_SECONDS = 30;
let lastStep = 0;

/** The server's 30-second step now (its clock may be ahead of this machine's). */
export async function serverStep(request: APIRequestContext): Promise<number> {
  const response = await request.post('/api/test/clock', { data: { advanceMs: 0 } });
  const { now } = (await response.json()) as { now: string };
  return Math.floor(Date.parse(now) / 1000 / PERIOD_SECONDS);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function totpCodeAt(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
  return totp.generate({ timestamp: step * PERIOD_SECONDS * 1000 });
}

/** A code of a step this run has not used yet: now's, the next one's, or (after a wait) a later one. */
export async function freshTotpCode(request: APIRequestContext, secret: string): Promise<string> {
  const step = Math.max(await serverStep(request), lastStep + 1);
  while (step > (await serverStep(request)) + 1) await sleep(500);
  lastStep = step;
  return totpCodeAt(secret, step);
}

/** Proves the second factor for the session of `request` (signed in already as a console account). */
export async function proveSecondFactor(request: APIRequestContext, secret: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await request.post('/api/v1/me/second-factor/verify', {
      data: { code: await freshTotpCode(request, secret) },
      headers: { 'x-requested-with': 'fetch' },
    });
    if (response.ok()) return;
    const body = await response.text();
    // Another run (or a restarted worker) took that step: the next one will do.
    if (!body.includes('CODE_USED')) throw new Error(`second factor failed: ${response.status()} ${body}`);
  }
  throw new Error('second factor failed: every code tried was used already');
}
