import { queryOptions } from '@tanstack/react-query';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type { Me, Passkey, PasskeyList, PasskeyOptions } from '@orchard/shared';
import { apiFetch } from './api-client';

/**
 * Passkeys in the browser (@simplewebauthn/browser): the server's options in, the device's answer
 * out. The sign-in page loads this module only when its passkey button is pressed.
 */

export const passkeySupported = () => browserSupportsWebAuthn();

/** The member closed the device's prompt, or it timed out: nothing to report. */
export const isPasskeyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'passkeys'], queryFn: ({ signal }) => apiFetch<PasskeyList>('/me/passkeys', { signal }) });

/** Adds a passkey of this device (the password must have been entered again: stepUp first). */
export async function addPasskey(name?: string): Promise<Passkey> {
  const { challengeId, options } = await apiFetch<PasskeyOptions>('/me/passkeys/options', { method: 'POST' });
  const credential = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return apiFetch<Passkey>('/me/passkeys', { method: 'POST', body: { challengeId, credential, ...(name ? { name } : {}) } });
}

export const removePasskey = (id: string) => apiFetch<null>(`/me/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

async function answer(path: string) {
  const { challengeId, options } = await apiFetch<PasskeyOptions>(`${path}/options`, { method: 'POST' });
  const credential = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return { challengeId, credential };
}

/** Signs in with any passkey of this site the device offers. */
export async function signInWithPasskey(): Promise<Me> {
  const { user } = await apiFetch<{ user: Me }>('/auth/passkey', { method: 'POST', body: await answer('/auth/passkey') });
  return user;
}

/** The step-up with one of the member's passkeys: money may leave this session for five minutes. */
export async function stepUpWithPasskey(): Promise<void> {
  await apiFetch('/me/step-up/passkey', { method: 'POST', body: await answer('/me/step-up/passkey') });
}
