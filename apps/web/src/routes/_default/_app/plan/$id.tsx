import { createFileRoute } from '@tanstack/react-router';
import { PlanPage } from '../../../../features/plans/pages';

export const Route = createFileRoute('/_default/_app/plan/$id')({
  loader: async ({ context: { queryClient }, params: { id }, location }) => {
    const api = await import('../../../../features/plans/api');
    if (!api.isPlanId(id)) throw api.planNotFound(location.pathname);
    await Promise.all([
      api.ensurePlan(queryClient, id, location.pathname),
      // The quote and the member's coupons may fail on their own: the page says so where they go.
      queryClient.prefetchQuery(api.quoteQueryOptions(id, undefined)),
      queryClient.prefetchQuery(api.myCouponsQueryOptions()),
    ]);
  },
  component: PlanPage,
});
