import { createFileRoute } from '@tanstack/react-router';
import { adminPlansQueryOptions, PlansPage } from '../../features/admin-plans/pages';

export const Route = createFileRoute('/admin/plans')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(adminPlansQueryOptions()).catch(() => undefined),
  component: PlansPage,
});
