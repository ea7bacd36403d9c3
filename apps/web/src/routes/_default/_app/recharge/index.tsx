import { createFileRoute } from '@tanstack/react-router';
import { RechargePage } from '../../../../features/wallet/recharge-page';

export const Route = createFileRoute('/_default/_app/recharge/')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/wallet/api');
    await queryClient.ensureQueryData(api.rechargeChannelsQueryOptions());
  },
  component: RechargePage,
});
