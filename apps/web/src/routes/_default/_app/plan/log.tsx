import { createFileRoute } from '@tanstack/react-router';
import { MyPlansPage } from '../../../../features/plans/pages';

export const Route = createFileRoute('/_default/_app/plan/log')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/plans/api');
    await queryClient.prefetchInfiniteQuery(api.myPurchasesQueryOptions());
  },
  component: MyPlansPage,
});
