/**
 * What /verify-code and /reset-password need from the page before them, kept for this tab
 * (sessionStorage) so a reload keeps working, and out of the address bar (no email addresses in
 * URLs or server logs).
 */
export type PendingCode =
  | {
      kind: 'register';
      verificationId: string;
      destination: string;
      resendAvailableAt: string;
      /** Reached by signing in to the unverified account (its first code page was closed). */
      resumed?: boolean;
    }
  | { kind: 'signIn'; account: string; redirect?: string; resendAvailableAt: string };

export interface PendingReset {
  account: string;
  resendAvailableAt: string;
  /** The server's answer ("If an account uses this address, …"). */
  message?: string;
}

const CODE_KEY = 'orchard:pending-code';
const RESET_KEY = 'orchard:pending-reset';

function read<T>(key: string, valid: (value: Record<string, unknown>) => boolean): T | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(key) ?? 'null') as unknown;
    return value && typeof value === 'object' && valid(value as Record<string, unknown>) ? (value as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode without storage: the page still works until reload.
  }
}

export const readPendingCode = () =>
  read<PendingCode>(
    CODE_KEY,
    (value) =>
      typeof value.resendAvailableAt === 'string' &&
      ((value.kind === 'register' && typeof value.verificationId === 'string' && typeof value.destination === 'string') ||
        (value.kind === 'signIn' && typeof value.account === 'string')),
  );
export const savePendingCode = (value: PendingCode | null) => write(CODE_KEY, value);

export const readPendingReset = () =>
  read<PendingReset>(RESET_KEY, (value) => typeof value.account === 'string' && typeof value.resendAvailableAt === 'string');
export const savePendingReset = (value: PendingReset | null) => write(RESET_KEY, value);

/** The next resend time when the server did not say: now + the cool-down. */
export function resendAt(cooldownSeconds = 60, now = Date.now()): string {
  return new Date(now + cooldownSeconds * 1000).toISOString();
}
