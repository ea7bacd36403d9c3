import { createFileRoute } from '@tanstack/react-router';
import { ConsoleSessionsPage } from '../../features/admin-accounts/console-sessions-page';
import { consoleSessionsQueryOptions } from '../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/console-sessions')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(consoleSessionsQueryOptions()).catch(() => undefined),
  component: ConsoleSessionsPage,
});
