import { createFileRoute } from '@tanstack/react-router';
import { payoutsQueryOptions } from '../../features/admin-ledger/api';
import { PayoutsPage, payoutStatusOf } from '../../features/admin-ledger/payouts-page';

export const Route = createFileRoute('/admin/payouts')({
  validateSearch: (search: { status?: unknown }) => search,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(payoutsQueryOptions(payoutStatusOf(deps))).catch(() => undefined),
  component: PayoutsPage,
});
