import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-ledger/reviews-page';
import { rechargeReviewsQueryOptions } from '../../features/admin-ledger/api';
import { orderFilterOf } from '../../features/admin-ledger/search';

export const Route = createFileRoute('/admin/recharges')({
  // Kept as it arrives: the (lazy) loader and page parse it, so no parser joins the first load.
  validateSearch: (search: { status?: unknown }) => search,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(rechargeReviewsQueryOptions({ status: orderFilterOf(deps) })).catch(() => undefined),
  component: ReviewsPage,
});
