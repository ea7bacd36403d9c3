import { createFileRoute } from '@tanstack/react-router';
import { parseOutboxSearch } from '../../features/admin-accounts/search';
import { OutboxPage } from '../../features/admin-accounts/outbox-page';
import { outboxQueryOptions } from '../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/outbox')({
  validateSearch: parseOutboxSearch,
  loaderDeps: ({ search }) => search,
  // The loader travels with the page's code, not in the first bundle's route tree. A failed fetch
  // is left to the page, which shows it with a retry instead of replacing the console.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(outboxQueryOptions(deps)).catch(() => undefined),
  component: OutboxPage,
});
