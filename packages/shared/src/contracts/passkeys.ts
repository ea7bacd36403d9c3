import { z } from 'zod';

/**
 * Passkeys (WebAuthn): added on /profile, used to sign in on / and as the step-up before a
 * withdrawal. The browser's answers are the JSON forms of @simplewebauthn/browser; their outer shape
 * is checked here, their cryptography by the server's verifier.
 */

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Not base64url.');
const extensionResults = z.record(z.string().max(64), z.unknown()).default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

export const registrationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    transports: z.array(z.enum(TRANSPORTS)).max(8).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: attachment,
});

export const authenticationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(512).optional(),
  }),
  clientExtensionResults: extensionResults,
  authenticatorAttachment: attachment,
});

/** Options for navigator.credentials (create or get), and the id of the challenge they carry. */
export const passkeyOptionsSchema = z.strictObject({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const addPasskeyBodySchema = z.strictObject({
  challengeId: z.uuid(),
  credential: registrationCredentialSchema,
  name: z.string().trim().min(1, 'Give it a name.').max(60, 'At most 60 characters.').optional(),
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

export const usePasskeyBodySchema = z.strictObject({
  challengeId: z.uuid(),
  credential: authenticationCredentialSchema,
});
export type UsePasskeyBody = z.infer<typeof usePasskeyBodySchema>;

export const passkeySchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  /** Synced between the member's devices (a password manager or platform account), or bound to one. */
  synced: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.strictObject({ items: z.array(passkeySchema), max: z.number().int() });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyParamsSchema = z.strictObject({ id: z.string().max(100) });
