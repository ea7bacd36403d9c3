import { queryOptions } from '@tanstack/react-query';
import type { AuditLogList, MemberDetail, MemberList, OutboxList } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import type { AuditSearch, MembersSearch, OutboxSearch } from './search';

export const PAGE_SIZE = 25;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const membersQueryOptions = (search: MembersSearch) =>
  queryOptions({
    queryKey: ['admin', 'members', search],
    queryFn: ({ signal }) => apiFetch<MemberList>(`/admin/members${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'member', id],
    queryFn: ({ signal }) => apiFetch<MemberDetail>(`/admin/members/${encodeURIComponent(id)}`, { signal }),
  });

export const outboxQueryOptions = (search: OutboxSearch) =>
  queryOptions({
    queryKey: ['admin', 'outbox', search],
    queryFn: ({ signal }) => apiFetch<OutboxList>(`/admin/outbox${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });

export const auditQueryOptions = (search: AuditSearch) =>
  queryOptions({
    queryKey: ['admin', 'audit', search],
    queryFn: ({ signal }) => apiFetch<AuditLogList>(`/admin/audit-log${query({ ...search, limit: PAGE_SIZE })}`, { signal }),
    placeholderData: (previous) => previous,
  });
