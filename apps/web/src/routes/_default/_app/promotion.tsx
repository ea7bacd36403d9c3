import { createFileRoute } from '@tanstack/react-router';
import { PromotionPage } from '../../../features/content/promotion-page';

export const Route = createFileRoute('/_default/_app/promotion')({
  // A failed fetch is left to the page, which shows it with a retry.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../features/content/api');
    await queryClient.ensureQueryData(api.promotionsQueryOptions()).catch(() => undefined);
  },
  component: PromotionPage,
});
