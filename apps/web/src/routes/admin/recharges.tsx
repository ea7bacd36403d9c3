import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '../../features/admin-ledger/reviews-page';

export const Route = createFileRoute('/admin/recharges')({
  component: ReviewsPage,
});
