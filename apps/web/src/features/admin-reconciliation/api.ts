import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BankLine,
  BankCsvMappingList,
  BankLinePage,
  BankStatementImportResult,
  ImportBankStatementBody,
  ReconciliationDay,
  ReconciliationDays,
  ResolveBankLineBody,
} from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { appConfig } from '../../lib/config';

/** The console's bank reconciliation (operationIds in comments). */
export type { BankLine, ReconciliationDay };

const keys = {
  all: ['admin', 'reconciliation'] as const,
  queue: () => ['admin', 'reconciliation', 'queue'] as const,
  days: () => ['admin', 'reconciliation', 'days'] as const,
  day: (day: string) => ['admin', 'reconciliation', 'day', day] as const,
  mappings: () => ['admin', 'reconciliation', 'mappings'] as const,
};

/** listBankLines?status=queued: the lines waiting for an operator, newest first. */
export const bankQueueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: keys.queue(),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<BankLinePage>(`/admin/reconciliation/lines?status=queued${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** listReconciliationDays */
export const reconciliationDaysQueryOptions = () =>
  queryOptions({ queryKey: keys.days(), queryFn: ({ signal }) => apiFetch<ReconciliationDays>('/admin/reconciliation/days', { signal }) });

/** getReconciliationDay */
export const reconciliationDayQueryOptions = (day: string) =>
  queryOptions({
    queryKey: keys.day(day),
    queryFn: ({ signal }) => apiFetch<ReconciliationDay>(`/admin/reconciliation/days/${encodeURIComponent(day)}`, { signal }),
  });

/** listBankCsvMappings: the CSV columns remembered for each bank (the import sheet fills them in). */
export const bankMappingsQueryOptions = () =>
  queryOptions({
    queryKey: keys.mappings(),
    queryFn: ({ signal }) => apiFetch<BankCsvMappingList>('/admin/reconciliation/mappings', { signal }),
  });

/** importBankStatement */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ImportBankStatementBody; idempotencyKey: string }) =>
      apiFetch<BankStatementImportResult>('/admin/reconciliation/statements', { method: 'POST', body, idempotencyKey }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** resolveBankLine */
export function useResolveBankLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, idempotencyKey }: { id: string; body: ResolveBankLineBody; idempotencyKey: string }) =>
      apiFetch<BankLine>(`/admin/reconciliation/lines/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, idempotencyKey }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** downloadReconciliationDay: a plain link, the session cookie goes with it. */
export const reconciliationDayCsvUrl = (day: string) => `${appConfig.apiBaseUrl}/admin/reconciliation/days/${encodeURIComponent(day)}/csv`;
