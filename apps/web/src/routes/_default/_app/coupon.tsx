import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../../../features/plans/pages';

export const Route = createFileRoute('/_default/_app/coupon')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../features/plans/api');
    await queryClient.prefetchQuery(api.myCouponsQueryOptions());
  },
  component: CouponsPage,
});
