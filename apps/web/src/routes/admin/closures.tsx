import { createFileRoute } from '@tanstack/react-router';
import { ClosuresPage } from '../../features/admin-accounts/closures-page';
import { closuresQueryOptions } from '../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/closures')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(closuresQueryOptions()).catch(() => undefined),
  component: ClosuresPage,
});
