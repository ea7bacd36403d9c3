import { createFileRoute } from '@tanstack/react-router';
import { bankQueueQueryOptions } from '../../features/admin-reconciliation/api';
import { ReconciliationPage } from '../../features/admin-reconciliation/reconciliation-page';

export const Route = createFileRoute('/admin/reconciliation')({
  // ?day= (a day with bank lines) is kept as it arrives: the day summary checks it against the list.
  validateSearch: (search: { day?: unknown }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(bankQueueQueryOptions()).catch(() => undefined),
  component: ReconciliationPage,
});
