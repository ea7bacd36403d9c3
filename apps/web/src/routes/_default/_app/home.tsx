import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../../features/wallet/home-page';

export const Route = createFileRoute('/_default/_app/home')({
  // The query options load with the page's code, not with the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../features/wallet/api');
    await Promise.all([
      queryClient.ensureQueryData(api.walletQueryOptions()),
      queryClient.ensureQueryData(api.recentActivityQueryOptions()),
      queryClient.ensureQueryData(api.openRechargeOrdersQueryOptions()),
    ]);
  },
  component: HomePage,
});
