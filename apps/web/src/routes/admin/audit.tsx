import { createFileRoute } from '@tanstack/react-router';
import { parseAuditSearch } from '../../features/admin-accounts/search';
import { AuditPage } from '../../features/admin-accounts/audit-page';
import { auditQueryOptions } from '../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/audit')({
  validateSearch: parseAuditSearch,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(auditQueryOptions(deps)).catch(() => undefined),
  component: AuditPage,
});
