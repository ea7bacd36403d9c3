import { createFileRoute } from '@tanstack/react-router';
import { referralHoldsQueryOptions } from '../../features/admin-team/api';
import { holdsViewOf, HoldsPage } from '../../features/admin-team/holds-page';

export const Route = createFileRoute('/admin/referral-reviews')({
  validateSearch: (search: { view?: unknown }): { view?: 'decided' } => (search.view === 'decided' ? { view: 'decided' } : {}),
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(referralHoldsQueryOptions(holdsViewOf(deps))).catch(() => undefined),
  component: HoldsPage,
});
