import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ClosureStatus,
  DataExportLink,
  UpdateMeBody,
  AuthOptions,
  ChangePasswordBody,
  CodeSent,
  Me,
  MessageResponse,
  PasswordResetRequested,
  RegisterBody,
  ResetPasswordBody,
  RevokedSessions,
  SessionList,
  SignedIn,
  SignInLinkConsumed,
} from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { setSignedIn } from '../../lib/session';

/**
 * Account data and actions (operationIds in comments). Route loaders import this file, so it
 * stays small and zod-free: types only from the shared contracts. The sign-in page keeps its
 * own two requests (first load, docs/decisions/0004).
 */

const accountKeys = {
  options: () => ['accounts', 'options'] as const,
  sessions: () => ['accounts', 'sessions'] as const,
};

/** getAuthOptions: invite required?, password lengths, code length, cool-down. */
export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.options(),
    queryFn: ({ signal }) => apiFetch<AuthOptions>('/auth/options', { signal }),
    staleTime: 5 * 60_000,
  });

const SESSIONS_PAGE_SIZE = 20;

/** listSessions: my signed-in devices, newest first, a page at a time ("Load more"). */
export const sessionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams({ limit: String(SESSIONS_PAGE_SIZE) });
      if (pageParam) search.set('cursor', pageParam);
      return apiFetch<SessionList>(`/me/sessions?${search}`, { signal });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** register */
export const register = (body: RegisterBody) => apiFetch<CodeSent>('/auth/register', { method: 'POST', body });

/** verifyCode: completes a registration and signs in. */
export const verifyCode = (verificationId: string, code: string) =>
  apiFetch<SignedIn>('/auth/verify', { method: 'POST', body: { verificationId, code } });

/** resendCode */
export const resendCode = (verificationId: string) => apiFetch<CodeSent>('/auth/resend', { method: 'POST', body: { verificationId } });

/** requestSignInLink: `redirect` only when it is not the default. */
export const requestSignInLink = (account: string, redirect: string) =>
  apiFetch<MessageResponse>('/auth/sign-in-link/request', {
    method: 'POST',
    body: redirect === '/home' ? { account } : { account, redirect },
  });

/** signInWithCode: the 6 digits of a sign-in link message. */
export const signInWithCode = (account: string, code: string) =>
  apiFetch<SignedIn>('/auth/sign-in-code', { method: 'POST', body: { account, code } });

/** consumeSignInLink */
export const consumeSignInLink = (token: string) => apiFetch<SignInLinkConsumed>('/auth/sign-in-link', { method: 'POST', body: { token } });

/** requestPasswordReset */
export const requestPasswordReset = (account: string) =>
  apiFetch<PasswordResetRequested>('/auth/password-reset/request', { method: 'POST', body: { account } });

/** resetPassword: ends every session of the account. */
export const resetPassword = (body: ResetPasswordBody) => apiFetch<MessageResponse>('/auth/password-reset', { method: 'POST', body });

/** changePassword: ends the other sessions. */
export const changePassword = (body: ChangePasswordBody) => apiFetch<MessageResponse>('/auth/password', { method: 'POST', body });

/** updateMe */
export const updateMe = (change: UpdateMeBody) => apiFetch<Me>('/me', { method: 'PATCH', body: change });

/** revokeOtherSessions, then the list of sessions again. */
export function useRevokeOtherSessions({ onSuccess }: { onSuccess: (result: RevokedSessions) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<RevokedSessions>('/me/sessions/revoke-others', { method: 'POST' }),
    onSuccess: (result) => {
      onSuccess(result);
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}

/** signOut, then this tab forgets the member (setSignedIn null) before `onSuccess` (where to go). */
export function useSignOut({ onSuccess }: { onSuccess: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/auth/sign-out', { method: 'POST' }),
    onSuccess: async () => {
      setSignedIn(queryClient, null);
      await onSuccess();
    },
  });
}

/**
 * Passkeys (lib/passkeys.ts, loaded only when a passkey is added or removed: route loaders import
 * this file, and the WebAuthn code stays out of their bundle); after either, the list again.
 */
const passkeys = () => import('../../lib/passkeys');

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return async () => queryClient.invalidateQueries({ queryKey: (await passkeys()).passkeysQueryOptions().queryKey });
}

/** stepUp (the password again), then addPasskey: the device's own dialog. */
export function useAddPasskey({ onSuccess, onError }: { onSuccess: () => void; onError: (error: Error) => void }) {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiFetch('/me/step-up', { method: 'POST', body: { password } });
      return (await passkeys()).addPasskey();
    },
    onSuccess: async () => {
      onSuccess();
      await refresh();
    },
    onError,
  });
}

/** removePasskey */
export function useRemovePasskey({ onSuccess }: { onSuccess: () => void }) {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async (id: string) => (await passkeys()).removePasskey(id),
    onSuccess: async () => {
      onSuccess();
      await refresh();
    },
  });
}

/** requestDataExport: a single-use link to a ZIP of my data (at most a few a day). */
export function useRequestDataExport() {
  return useMutation({ mutationFn: () => apiFetch<DataExportLink>('/me/data-export', { method: 'POST' }) });
}

/** getClosureStatus: whether my account may be closed now, and what is still open. */
export const closureStatusQueryOptions = () =>
  queryOptions({ queryKey: ['accounts', 'closure'] as const, queryFn: () => apiFetch<ClosureStatus>('/me/closure'), staleTime: 0 });

/** stepUp (the password again), then closeAccount; the session is gone afterwards. */
export function useCloseAccount({ onSuccess }: { onSuccess: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (password: string) => {
      await apiFetch('/me/step-up', { method: 'POST', body: { password } });
      await apiFetch<void>('/me/closure', { method: 'POST', body: { confirm: 'CLOSE' } });
    },
    onSuccess: async () => {
      setSignedIn(queryClient, null);
      await onSuccess();
    },
  });
}
