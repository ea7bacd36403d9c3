import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-ledger/reviews-page';
import { rechargeReviewsQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/recharges')({
  // The loader travels with the page's code, not in the first bundle's route tree. A failed fetch
  // is left to the page, which shows it with a retry instead of replacing the console.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(rechargeReviewsQueryOptions()).catch(() => undefined),
  component: ReviewsPage,
});
