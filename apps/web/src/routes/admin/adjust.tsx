import { createFileRoute } from '@tanstack/react-router';
import { AdjustPage } from '../../features/admin-ledger/adjust-page';
import { adjustMemberQueryOptions, memberSearchQueryOptions } from '../../features/admin-ledger/api';
import { adjustMemberOf } from '../../features/admin-ledger/search';

export const Route = createFileRoute('/admin/adjust')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  // ?member= (from a member page) is kept as it arrives: the (lazy) loader and page parse it.
  validateSearch: (search: { member?: unknown }) => search,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    const member = adjustMemberOf(deps);
    return Promise.all([
      queryClient.ensureQueryData(memberSearchQueryOptions('')),
      member ? queryClient.ensureQueryData(adjustMemberQueryOptions(member)) : undefined,
    ]).catch(() => undefined);
  },
  component: AdjustPage,
});
