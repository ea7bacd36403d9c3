import { createFileRoute } from '@tanstack/react-router';
import { threadQueryOptions } from '../../../../features/support/api';
import { SupportThreadPage } from '../../../../features/support/thread-page';

export const Route = createFileRoute('/_default/_app/support/$id')({
  // A failed fetch (another member's id is 404) is left to the page, which says so with a retry.
  loader: ({ context: { queryClient }, params: { id } }) => queryClient.ensureQueryData(threadQueryOptions(id)).catch(() => undefined),
  component: SupportThreadPage,
});
