import { createFileRoute } from '@tanstack/react-router';
import { SystemPage, systemQueryOptions } from '../../features/admin-accounts/system-page';

export const Route = createFileRoute('/admin/system')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(systemQueryOptions()).catch(() => undefined),
  component: SystemPage,
});
