import { z } from 'zod';
import { singleLineTextSchema } from './common';

/**
 * The console's second factor (issue 30): every console role proves one — a code from an
 * authenticator app (TOTP, RFC 6238), one of ten one-time recovery codes, or a passkey — before
 * the console answers; until then /admin answers SECOND_FACTOR_REQUIRED.
 */

/** Where this session stands: what the console's guard needs and what the account has set up. */
export const secondFactorStatusSchema = z.strictObject({
  /** Whether this account's role is a console role (members need none). */
  required: z.boolean(),
  /** Whether this session has proved it. */
  verified: z.boolean(),
  /** Whether an authenticator app is set up (confirmed). */
  totp: z.boolean(),
  /** How many passkeys the account has (a passkey also proves it). */
  passkeys: z.number().int().min(0),
  /** Recovery codes not yet used. */
  recoveryCodesLeft: z.number().int().min(0),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** A new authenticator secret to scan (QR as an SVG data URL) or type, until a code confirms it. */
export const totpSetupSchema = z.strictObject({
  secret: z.string(),
  uri: z.string(),
  qrSvgDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export const confirmTotpBodySchema = z.strictObject({ code: totpCodeField });
export type ConfirmTotpBody = z.infer<typeof confirmTotpBodySchema>;

/** The ten recovery codes, shown once. */
export const recoveryCodesSchema = z.strictObject({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A recovery code as shown: three groups of four, e.g. `k7qm-2xpd-9fha` (case, spaces and dashes forgiven). */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-?[a-z2-9]{4}-?[a-z2-9]{4}$/;

/** A 6-digit code from the app, or a recovery code. */
export const verifySecondFactorBodySchema = z.strictObject({
  code: singleLineTextSchema
    .transform((value) => value.replace(/\s+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .refine((value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value), 'Enter the 6-digit code, or a recovery code.'),
    ),
});
export type VerifySecondFactorBody = z.input<typeof verifySecondFactorBodySchema>;

/** An operator resets another console account's second factor (audited). */
export const resetSecondFactorBodySchema = z.strictObject({
  reason: singleLineTextSchema.trim().min(3, 'Say why, in a few words.').max(500, 'Use at most 500 characters.'),
});
export type ResetSecondFactorBody = z.infer<typeof resetSecondFactorBodySchema>;
