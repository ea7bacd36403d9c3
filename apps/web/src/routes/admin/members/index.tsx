import { createFileRoute } from '@tanstack/react-router';
import { parseMembersSearch } from '../../../features/admin-accounts/search';
import { MembersPage } from '../../../features/admin-accounts/members-page';
import { membersQueryOptions } from '../../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/members/')({
  validateSearch: parseMembersSearch,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(membersQueryOptions(deps)).catch(() => undefined),
  component: MembersPage,
});
