import { createFileRoute } from '@tanstack/react-router';
import { parseOutboxSearch } from '../../features/admin-accounts/search';
import { OutboxPage } from '../../features/admin-accounts/outbox-page';
import { outboxQueryOptions } from '../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/outbox')({
  validateSearch: parseOutboxSearch,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(outboxQueryOptions(deps)).catch(() => undefined),
  component: OutboxPage,
});
