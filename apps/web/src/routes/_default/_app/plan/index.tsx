import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../../../../features/plans/pages';

export const Route = createFileRoute('/_default/_app/plan/')({
  // prefetch, not ensure: a list that did not load shows its own error with a retry inside the layout.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/plans/api');
    await queryClient.prefetchQuery(api.plansQueryOptions());
  },
  component: PlansPage,
});
