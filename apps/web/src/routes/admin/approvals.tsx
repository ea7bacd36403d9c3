import { createFileRoute } from '@tanstack/react-router';
import { approvalsQueryOptions } from '../../features/admin-approvals/api';
import { ApprovalsPage } from '../../features/admin-approvals/approvals-page';
import { parseApprovalsSearch } from '../../features/admin-approvals/search';

export const Route = createFileRoute('/admin/approvals')({
  validateSearch: parseApprovalsSearch,
  loaderDeps: ({ search: { view } }) => ({ view: view ?? 'waiting' }),
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(approvalsQueryOptions(deps.view)).catch(() => undefined),
  component: ApprovalsPage,
});
