import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { keysetCursorSchema, singleLineTextSchema } from './common';

/**
 * Accounts, sessions and the operator's member tools (issue 3). One schema per contract, used by
 * the API route, the web form and the tests. Messages are written for the person at the form.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const VERIFICATION_CODE_LENGTH = 6;
export const INVITE_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const EMAIL_PATTERN = /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;
/** `+1 (555) 123-4567` → `+15551234567`; null when it is not a phone number with country code. */
export function normalizePhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? email : null;
}

/** An account is named by its email address or its phone number. */
export type AccountIdentifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

export function parseAccountIdentifier(value: string): AccountIdentifier | null {
  const trimmed = value.trim();
  if (trimmed.includes('@')) {
    const email = normalizeEmail(trimmed);
    return email ? { kind: 'email', value: email } : null;
  }
  const phone = normalizePhone(trimmed);
  return phone ? { kind: 'phone', value: phone } : null;
}

const ACCOUNT_MESSAGE = 'Enter your email address or your phone number with its country code, e.g. +15551234567.';

export const accountField = z
  .string({ error: ACCOUNT_MESSAGE })
  .trim()
  .min(1, 'Enter your email address or phone number.')
  .max(254, ACCOUNT_MESSAGE)
  .refine((value) => parseAccountIdentifier(value) !== null, ACCOUNT_MESSAGE);

export const emailField = z
  .string({ error: 'Enter a valid email address, e.g. name@example.com.' })
  .trim()
  .max(254, 'This email address is too long.')
  .refine((value) => normalizeEmail(value) !== null, 'Enter a valid email address, e.g. name@example.com.');

export const phoneField = z
  .string({ error: 'Enter a phone number with its country code, e.g. +15551234567.' })
  .trim()
  .max(32, 'This phone number is too long.')
  .refine((value) => normalizePhone(value) !== null, 'Enter a phone number with its country code, e.g. +15551234567.');

/** A new password: length only (no composition rules); the server also refuses common ones. */
export const newPasswordField = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A password being checked, not chosen. */
export const currentPasswordField = z
  .string({ error: 'Enter your password.' })
  .min(1, 'Enter your password.')
  .max(PASSWORD_MAX_LENGTH, `Passwords have at most ${PASSWORD_MAX_LENGTH} characters.`);

export const displayNameField = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(60, 'Use at most 60 characters.')
  .refine((value) => !CONTROL_CHARACTERS.test(value), 'Use letters, numbers and punctuation only.');

export const inviteCodeField = z
  .string({ error: 'Enter the 8-character invite code.' })
  .trim()
  .toUpperCase()
  .max(8, 'Invite codes have 8 characters.')
  .refine((value) => value === '' || INVITE_CODE_PATTERN.test(value), 'Invite codes have 8 letters and digits, e.g. K7M2QX9P.');

export const codeField = z
  .string({ error: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** Why an operator did something; written to the audit log. */
/** Same-origin path to open after signing in; anything else falls back to /home. */
export const redirectField = singleLineTextSchema.max(2048, 'This address is too long.');

export const uuidField = (message: string) => z.uuid({ error: message });
export const isoTime = z.string().describe('ISO 8601 time');

export const roleSchema = z.enum(['member', 'operator', 'support', 'finance']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in member, as the web app's auth guard sees it. */
export const meSchema = z.strictObject({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  inviteCode: z.string(),
  // No referrerId: a member never sees another member's id, their upline's included
  // (docs/decisions/0014); the console's member summary carries it.
  createdAt: isoTime,
  /** The language the member chose; null: the browser's. */
  language: z.enum(LANGUAGES).nullable(),
});
export type Me = z.infer<typeof meSchema>;

export const signedInSchema = z.strictObject({ user: meSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

/** Who this browser is signed in as: `user` is null for a visitor (a 200, not a 401 to log). */
export const sessionProbeSchema = z.strictObject({ user: meSchema.nullable() });
export type SessionProbe = z.infer<typeof sessionProbeSchema>;

export const messageSchema = z.strictObject({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

export const authOptionsSchema = z.strictObject({
  requireInvite: z.boolean(),
  passwordMinLength: z.number().int(),
  passwordMaxLength: z.number().int(),
  codeLength: z.number().int(),
  resendCooldownSeconds: z.number().int(),
  /** The current version of the terms and privacy notice (published together), e.g. `2026-11-01`. */
  termsVersion: z.string(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

// Register → verify.
export const TERMS_MESSAGE = 'Accept the terms and privacy notice to create an account.';
export const registerBodySchema = z
  .strictObject({
    email: emailField.optional(),
    phone: phoneField.optional(),
    displayName: displayNameField,
    password: newPasswordField,
    inviteCode: inviteCodeField.optional(),
    /** The terms and privacy version the member read and accepted; the server refuses any but the current one. */
    acceptedTermsVersion: z.string({ error: TERMS_MESSAGE }).trim().min(1, TERMS_MESSAGE).max(32, TERMS_MESSAGE),
  })
  .superRefine((body, context) => {
    if (!body.email && !body.phone) {
      context.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email address or a phone number.' });
    }
    if (body.email && body.phone) {
      context.addIssue({ code: 'custom', path: ['phone'], message: 'Use either an email address or a phone number, not both.' });
    }
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** Where a code went and when the next one may be asked for. */
export const codeSentSchema = z.strictObject({
  verificationId: z.uuid(),
  channel: z.enum(['email', 'sms']),
  /** Masked, e.g. `j•••@example.com` or `+1 555 ••• 67`. */
  destination: z.string(),
  expiresAt: isoTime,
  resendAvailableAt: isoTime,
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/**
 * Signing in (right password) to an address whose registration code was never entered: no session
 * yet; the code is on its way again (or still, within the resend cool-down) and /verify-code
 * completes the account. A wrong password answers exactly as for any other account.
 */
export const signInNeedsCodeSchema = z.strictObject({ verification: codeSentSchema });
export type SignInNeedsCode = z.infer<typeof signInNeedsCodeSchema>;

export const verifyCodeBodySchema = z.strictObject({
  verificationId: uuidField('This code request is not valid; please register again.'),
  code: codeField,
});
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

export const resendCodeBodySchema = z.strictObject({
  verificationId: uuidField('This code request is not valid; please register again.'),
});
export type ResendCodeBody = z.infer<typeof resendCodeBodySchema>;

// Sign in / out.
export const signInBodySchema = z.strictObject({
  account: accountField,
  password: currentPasswordField,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

// Passwords.
export const requestPasswordResetBodySchema = z.strictObject({ account: accountField });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

export const passwordResetRequestedSchema = z.strictObject({
  message: z.string(),
  resendAvailableAt: isoTime,
});
export type PasswordResetRequested = z.infer<typeof passwordResetRequestedSchema>;

export const resetPasswordBodySchema = z.strictObject({
  account: accountField,
  code: codeField,
  password: newPasswordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** Signed in: current + new. Signed out: also the account. */
export const changePasswordBodySchema = z.strictObject({
  account: accountField.optional(),
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// Sign-in links.
export const requestSignInLinkBodySchema = z.strictObject({
  account: accountField,
  /** Same-origin path to open after signing in; anything else falls back to /home. */
  redirect: redirectField.optional(),
});
export type RequestSignInLinkBody = z.infer<typeof requestSignInLinkBodySchema>;

export const consumeSignInLinkBodySchema = z.strictObject({
  token: singleLineTextSchema.min(1, 'This sign-in link is not valid.').max(200, 'This sign-in link is not valid.'),
});
export type ConsumeSignInLinkBody = z.infer<typeof consumeSignInLinkBodySchema>;

/** The 6-digit code from a sign-in link message, entered on /verify-code instead of opening the link. */
export const signInCodeBodySchema = z.strictObject({
  account: accountField,
  code: codeField,
});
export type SignInCodeBody = z.infer<typeof signInCodeBodySchema>;

export const signInLinkConsumedSchema = z.strictObject({ user: meSchema, redirect: z.string() });
export type SignInLinkConsumed = z.infer<typeof signInLinkConsumedSchema>;

/** Error codes of a link that cannot be used; the page says which and offers a new link. */
export const SIGN_IN_LINK_ERRORS = ['LINK_INVALID', 'LINK_USED', 'LINK_EXPIRED'] as const;

// Profile.
export const updateMeBodySchema = z
  .strictObject({
    displayName: displayNameField.optional(),
    language: z.enum(LANGUAGES, { error: 'Choose English, Spanish or Chinese.' }).nullable().optional(),
  })
  .refine((body) => body.displayName !== undefined || body.language !== undefined, {
    error: 'Send a display name or a language.',
    path: ['displayName'],
  });
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const sessionInfoSchema = z.strictObject({
  id: z.uuid(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  expiresAt: isoTime,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `GET /me/sessions`: keyset pages, newest first. Query values arrive as strings. */
export const listSessionsQuerySchema = z.strictObject({
  cursor: keysetCursorSchema,
  limit: z
    .string()
    .regex(/^(?:[1-9]|[1-4]\d|50)$/, 'Use a whole number from 1 to 50.')
    .optional()
    .describe('1 to 50, default 20'),
});
export type ListSessionsQuery = z.infer<typeof listSessionsQuerySchema>;

export const sessionListSchema = z.strictObject({
  sessions: z.array(sessionInfoSchema),
  /** The next page's cursor, null on the last page. */
  nextCursor: z.string().nullable(),
  /** Live sessions a member may hold; signing in beyond it signs out the oldest. */
  maxSessions: z.number().int(),
  /** Sessions of this member signed out by that cap in the last 30 days. */
  endedByCapRecently: z.number().int(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const revokedSessionsSchema = z.strictObject({ revoked: z.number().int() });
export type RevokedSessions = z.infer<typeof revokedSessionsSchema>;

/** POST /me/data-export: a link to the member's data (a ZIP of JSON and CSV) that works once, until `expiresAt`. */
export const dataExportLinkSchema = z.strictObject({ url: z.string(), expiresAt: z.iso.datetime() });
export type DataExportLink = z.infer<typeof dataExportLinkSchema>;
