import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-ledger/reviews-page';

export const Route = createFileRoute('/admin/recharges')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../features/admin-ledger/api');
    await queryClient.ensureInfiniteQueryData(api.rechargeReviewsQueryOptions());
  },
  component: ReviewsPage,
});
