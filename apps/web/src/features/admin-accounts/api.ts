import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountClosureList,
  AuditLogList,
  ConsoleSessionList,
  IssuedSignInLink,
  MemberDetail,
  MemberList,
  MaintenanceStatus,
  MemberSummary,
  SentForApproval,
  OutboxList,
  RecoveryCodes,
  ResetSecondFactorBody,
  SecondFactorStatus,
  SetMaintenanceBody,
  SetMemberRoleBody,
  TotpSetup,
  SetMemberStatusBody,
} from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { maintenanceQueryOptions } from '../../lib/maintenance';
import { secondFactorQueryOptions } from '../../lib/second-factor';
import { setSignedIn } from '../../lib/session';
import type { AuditSearch, MembersSearch, OutboxSearch } from './search';

/**
 * Console data of the member pages: query options (route loaders import this file lazily, so
 * it stays zod-free) and the mutations, which invalidate what they change by key.
 */
export const PAGE_SIZE = 25;

const adminAccountsKeys = {
  members: (search: MembersSearch) => ['admin', 'members', search] as const,
  member: (id: string) => ['admin', 'member', id] as const,
  outbox: (search: OutboxSearch) => ['admin', 'outbox', search] as const,
  outboxAll: () => ['admin', 'outbox'] as const,
  auditAll: () => ['admin', 'audit'] as const,
  audit: (search: AuditSearch) => ['admin', 'audit', search] as const,
  consoleSessions: () => ['admin', 'console-sessions'] as const,
  closures: () => ['admin', 'closures'] as const,
};

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** listMembers, by offset (the API answers with the total). */
export const membersQueryOptions = (search: MembersSearch) =>
  queryOptions({
    queryKey: adminAccountsKeys.members(search),
    queryFn: ({ signal }) => apiFetch<MemberList>(`/admin/members${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** getMember */
export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminAccountsKeys.member(id),
    queryFn: ({ signal }) => apiFetch<MemberDetail>(`/admin/members/${encodeURIComponent(id)}`, { signal }),
  });

/** listOutbox */
export const outboxQueryOptions = (search: OutboxSearch) =>
  queryOptions({
    queryKey: adminAccountsKeys.outbox(search),
    queryFn: ({ signal }) => apiFetch<OutboxList>(`/admin/outbox${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** listAuditLog */
export const auditQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: adminAccountsKeys.audit(search),
    queryFn: ({ signal }) => apiFetch<AuditLogList>(`/admin/audit-log${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });

/** issueSignInLink: audited with the operator's reason, so the audit log changes. */
export function useIssueSignInLink(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch<IssuedSignInLink>(`/admin/members/${encodeURIComponent(memberId)}/sign-in-links`, { method: 'POST', body: { reason } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.auditAll() });
    },
  });
}

/** setMemberStatus: freezing ends the member's sessions, so the member's page and the lists change. */
export function useSetMemberStatus(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetMemberStatusBody) =>
      apiFetch<MemberSummary>(`/admin/members/${encodeURIComponent(memberId)}/status`, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.member(memberId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.auditAll() });
    },
  });
}

/** setMemberRole */
export function useSetMemberRole(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetMemberRoleBody) =>
      apiFetch<MemberSummary>(`/admin/members/${encodeURIComponent(memberId)}/role`, { method: 'PUT', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.member(memberId) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.auditAll() });
    },
  });
}

/** Counts for the console's landing page: the whole list's total, one row fetched. */
export const memberCountQueryOptions = (search: Pick<MembersSearch, 'status'> = {}) =>
  queryOptions({
    queryKey: ['admin', 'members', 'count', search] as const,
    queryFn: async ({ signal }) => (await apiFetch<MemberList>(`/admin/members${query({ ...search, limit: 1 })}`, { signal })).total,
    refetchInterval: 60_000,
  });

/** The console's sign-out: the session ends and nothing cached for this operator stays. */
export function useConsoleSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/auth/sign-out', { method: 'POST' }),
    onSuccess: () => setSignedIn(queryClient, null),
  });
}

/** Failed messages in the outbox, for the console's landing page. */
export const failedOutboxCountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'outbox', 'count', 'failed'] as const,
    queryFn: async ({ signal }) => (await apiFetch<OutboxList>(`/admin/outbox${query({ status: 'failed', limit: 1 })}`, { signal })).total,
    refetchInterval: 60_000,
  });

/** listConsoleSessions: every live console session (console accounts are few: one page). */
export const consoleSessionsQueryOptions = () =>
  queryOptions({
    queryKey: adminAccountsKeys.consoleSessions(),
    queryFn: ({ signal }) => apiFetch<ConsoleSessionList>('/admin/console-sessions', { signal }),
  });

/** revokeConsoleSession: another console account's session ends (audited). */
export function useRevokeConsoleSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/admin/console-sessions/${encodeURIComponent(id)}/revoke`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.consoleSessions() });
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.auditAll() });
    },
  });
}

/** listAccountClosures: when accounts closed, under their pseudonyms (never who). */
export const closuresQueryOptions = () =>
  queryOptions({
    queryKey: adminAccountsKeys.closures(),
    queryFn: ({ signal }) => apiFetch<AccountClosureList>('/admin/closures', { signal }),
  });

/** startTotpSetup: a new secret and its QR code, until a code from the app confirms it. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: () => apiFetch<TotpSetup>('/me/second-factor/totp', { method: 'POST' }) });
}

/**
 * This session has proved the second factor: its standing is what the server answered (the
 * console's guard reads it before the next page), and console reads refused before are read again.
 */
export function useSecondFactorProved() {
  const queryClient = useQueryClient();
  return (status: SecondFactorStatus) => {
    queryClient.setQueryData(secondFactorQueryOptions().queryKey, status);
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
  };
}

/** confirmTotpSetup: answers the ten recovery codes, shown once (the page proves the session when they are put away). */
export function useConfirmTotp() {
  return useMutation({
    mutationFn: (code: string) => apiFetch<RecoveryCodes>('/me/second-factor/totp/confirm', { method: 'POST', body: { code } }),
  });
}

/** verifySecondFactor: a code from the app or a recovery code. */
export function useVerifySecondFactor() {
  const proved = useSecondFactorProved();
  return useMutation({
    mutationFn: (code: string) => apiFetch<SecondFactorStatus>('/me/second-factor/verify', { method: 'POST', body: { code } }),
    onSuccess: proved,
  });
}

/** The passkey as the second factor (the passkey step-up proves it too). */
export function usePasskeySecondFactor() {
  const proved = useSecondFactorProved();
  return useMutation({
    mutationFn: async () => {
      await (await import('../../lib/passkeys')).stepUpWithPasskey();
      return apiFetch<SecondFactorStatus>('/me/second-factor');
    },
    onSuccess: proved,
  });
}

/** resetSecondFactor: the account's authenticator, recovery codes and passkeys go; its sessions end. */
export function useResetSecondFactor(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetSecondFactorBody) =>
      // 202: two-person approval is on, the reset waits for another operator.
      apiFetch<MemberSummary | SentForApproval>(`/admin/members/${encodeURIComponent(memberId)}/second-factor/reset`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.member(memberId) });
      void queryClient.invalidateQueries({ queryKey: adminAccountsKeys.auditAll() });
    },
  });
}

/** The operator's maintenance switch: the banner everywhere reads the answer. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetMaintenanceBody) => apiFetch<MaintenanceStatus>('/admin/maintenance', { method: 'PUT', body }),
    onSuccess: (status) => queryClient.setQueryData(maintenanceQueryOptions().queryKey, status),
  });
}
