import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-ledger/reviews-page';
import { rechargeReviewsQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/recharges')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(rechargeReviewsQueryOptions()).catch(() => undefined),
  component: ReviewsPage,
});
