import { z } from 'zod';
import {
  accountField,
  closeAccountBodySchema,
  codeField,
  currentPasswordField,
  displayNameField,
  emailField,
  inviteCodeField,
  newPasswordField,
  phoneField,
  resetPasswordBodySchema,
  TERMS_MESSAGE,
} from '@orchard/shared';
import { normalizeCode } from './checks';

/*
 * The account forms' schemas: the shared contracts (the words the server uses too), plus what
 * only the form has — the repeated password, the email/phone switch.
 */

const MISMATCH = 'The two passwords are not the same.';

/** Adds `repeat`, which must equal the field `key`; the message lands under the copy. */
function withRepeat<Shape extends z.core.$ZodLooseShape, K extends keyof Shape & string>(schema: z.ZodObject<Shape>, key: K) {
  return schema.extend({ repeat: z.string() }).refine(
    (values) => {
      const record = values as Record<string, unknown>;
      return record[key] === record.repeat;
    },
    { path: ['repeat'], message: MISMATCH },
  );
}

/** People paste codes with spaces or dashes: keep the digits, then apply the contract. */
const typedCode = z.string().transform(normalizeCode).pipe(codeField);

export const forgetPasswordSchema = z.strictObject({ account: accountField });

export const resetPasswordSchema = withRepeat(resetPasswordBodySchema.extend({ code: typedCode }), 'password');

export const verifyCodeSchema = z.strictObject({ code: typedCode });

export const nameSchema = z.strictObject({ displayName: displayNameField });

/** Signed in, the account is known; signed out, it is asked for. */
export const changePasswordSchema = (signedIn: boolean) =>
  withRepeat(
    z.strictObject({
      account: signedIn ? z.string().optional() : accountField,
      currentPassword: currentPasswordField,
      newPassword: newPasswordField,
    }),
    'newPassword',
  );

/** Registration by email or by phone; the invite code is required when the server says so. */
export const registerSchema = (kind: 'email' | 'phone', requireInvite: boolean) =>
  withRepeat(
    z.strictObject({
      email: kind === 'email' ? emailField : z.string().optional(),
      phone: kind === 'phone' ? phoneField : z.string().optional(),
      displayName: displayNameField,
      password: newPasswordField,
      inviteCode: requireInvite
        ? inviteCodeField.refine((value) => value !== '', 'Enter the invite code from the friend who invited you.')
        : inviteCodeField,
      // The box; the version sent is the one the server named in its auth options.
      acceptedTermsVersion: z.boolean().refine((accepted) => accepted, TERMS_MESSAGE),
    }),
    'password',
  );

/** Close my account: the password (the step-up) and the word CLOSE. */
export const closeAccountSchema = z.object({
  password: currentPasswordField,
  // Typed into an empty box: a string until it says CLOSE, then the contract's own check.
  confirm: z.string().pipe(closeAccountBodySchema.shape.confirm),
});
