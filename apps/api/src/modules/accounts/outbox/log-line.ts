import { maskDestination } from '../mask';

const PURPOSES: Record<string, string> = {
  register_code: 'registration',
  password_reset_code: 'password reset',
  sign_in_link: 'sign-in link',
  register_existing_account: 'registration with an address that has an account',
  password_reset_no_account: 'password reset for an unknown address',
  sign_in_link_no_account: 'sign-in link for an unknown address',
};

/**
 * The one line a developer looks for when no mail server or SMS provider is configured: what to
 * type or open, for whom, and why, e.g. "Code 123456 for a•••@example.com (registration)". The
 * full address only in development; elsewhere it is masked like everywhere else in the app.
 */
export function undeliveredMessageLine(
  row: { kind: string; channel: 'email' | 'sms'; destination: string; subject: string; body: string; secret: string | null },
  options: { fullDestination: boolean },
): string {
  const to = options.fullDestination ? row.destination : maskDestination(row.channel, row.destination);
  const purpose = PURPOSES[row.kind] ?? row.kind.replaceAll('_', ' ');
  const code = (row.secret ?? '').split('\n').find((secret) => /^\d{6}$/.test(secret));
  const link = row.body.match(/https?:\/\/\S+/)?.[0]?.replace(/[.,;)]+$/, '');
  const what =
    row.kind === 'sign_in_link' && link
      ? `Link ${link}${code ? ` (or code ${code})` : ''}`
      : code
        ? `Code ${code}`
        : `Notice "${row.subject}"`;
  return `${what} for ${to} (${purpose}, ${row.channel} not configured: logged here)`;
}
