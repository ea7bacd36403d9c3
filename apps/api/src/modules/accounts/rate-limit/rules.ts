import { AppError } from '../../../errors';

export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  /** Shown to the person; `{wait}` becomes "45 seconds", "12 minutes", "3 hours". */
  message: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function rateRules(registrationsPerIpPerDay: number) {
  return {
    signInFailuresPerAccount: {
      name: 'signin-fail-account',
      max: 5,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-in attempts for this account. Try again in {wait}.',
    },
    signInFailuresPerIp: {
      name: 'signin-fail-ip',
      max: 20,
      windowMs: 15 * MINUTE,
      message: 'Too many failed sign-in attempts from your network. Try again in {wait}.',
    },
    /** Codes typed at /auth/verify, /auth/sign-in-code and /auth/password-reset (on top of 5 tries per code). */
    codeAttemptsPerAccount: {
      name: 'code-account',
      max: 10,
      windowMs: 15 * MINUTE,
      message: 'Too many code attempts for this account. Try again in {wait}.',
    },
    codeAttemptsPerIp: {
      name: 'code-ip',
      max: 30,
      windowMs: 15 * MINUTE,
      message: 'Too many code attempts from your network. Try again in {wait}.',
    },
    /** Wrong second-factor codes (the console's authenticator or recovery codes; second-factor.ts). */
    secondFactorFailuresPerAccount: {
      name: 'second-factor-account',
      max: 5,
      windowMs: 15 * MINUTE,
      message: 'Too many wrong codes for this account. Try again in {wait}.',
    },
    secondFactorFailuresPerIp: {
      name: 'second-factor-ip',
      max: 20,
      windowMs: 15 * MINUTE,
      message: 'Too many wrong codes from your network. Try again in {wait}.',
    },
    sendsPerDestinationMinute: {
      name: 'send-dest-min',
      max: 1,
      windowMs: MINUTE,
      message: 'A message was just sent there. You can ask for another one in {wait}.',
    },
    sendsPerDestinationDay: {
      name: 'send-dest-day',
      max: 10,
      windowMs: DAY,
      message: 'Too many messages were sent there today. Try again in {wait}.',
    },
    sendsPerIpHour: {
      name: 'send-ip-hour',
      max: 30,
      windowMs: HOUR,
      message: 'Too many codes and links were requested from your network. Try again in {wait}.',
    },
    /** Passkey sign-ins started (POST /auth/passkey/options): a window as long as a challenge lives (passkeys.ts CHALLENGE_MS). */
    passkeyOptionsPerIp: {
      name: 'passkey-options-ip',
      max: 30,
      windowMs: 5 * MINUTE,
      message: 'Too many passkey sign-ins were started from your network. Try again in {wait}.',
    },
    registrationsPerIpDay: {
      name: 'register-ip-day',
      max: registrationsPerIpPerDay,
      windowMs: DAY,
      message: 'Too many accounts were registered from your network today. Try again in {wait}.',
    },
  } satisfies Record<string, RateRule>;
}
export type RateRules = ReturnType<typeof rateRules>;

function describeWait(seconds: number): string {
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export function tooManyRequests(message: string, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('RATE_LIMITED', message.replace('{wait}', describeWait(seconds)), undefined, {
    'retry-after': String(seconds),
  });
}
