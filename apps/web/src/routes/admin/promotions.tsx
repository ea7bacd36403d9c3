import { createFileRoute } from '@tanstack/react-router';
import { promotionsQueryOptions } from '../../features/admin-content/api';
import { PromotionsPage } from '../../features/admin-content/pages';

export const Route = createFileRoute('/admin/promotions')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(promotionsQueryOptions()).catch(() => undefined),
  component: PromotionsPage,
});
