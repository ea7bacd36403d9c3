import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
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

/**
 * Account data and actions (operationIds in comments). Route loaders import this file, so it
 * stays small and zod-free: types only from the shared contracts. The sign-in page keeps its
 * own two requests (first load, docs/decisions/0004).
 */

export const accountKeys = {
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

/** revokeOtherSessions */
export const revokeOtherSessions = () => apiFetch<RevokedSessions>('/me/sessions/revoke-others', { method: 'POST' });

/** signOut */
export const signOut = () => apiFetch<void>('/auth/sign-out', { method: 'POST' });
