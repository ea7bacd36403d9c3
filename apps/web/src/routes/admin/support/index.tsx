import { createFileRoute } from '@tanstack/react-router';
import { supportQueueQueryOptions } from '../../../features/admin-support/api';
import { SupportQueuePage } from '../../../features/admin-support/queue-page';
import { parseSupportSearch } from '../../../features/admin-support/search';

export const Route = createFileRoute('/admin/support/')({
  validateSearch: parseSupportSearch,
  loaderDeps: ({ search: { view } }) => ({ view: view ?? 'open' }),
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(supportQueueQueryOptions(deps.view)).catch(() => undefined),
  component: SupportQueuePage,
});
