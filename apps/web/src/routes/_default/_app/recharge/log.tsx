import { createFileRoute } from '@tanstack/react-router';
import { RechargeLogPage } from '../../../../features/wallet/log-pages';

export const Route = createFileRoute('/_default/_app/recharge/log')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/wallet/api');
    await queryClient.ensureInfiniteQueryData(api.rechargeOrdersQueryOptions());
  },
  component: RechargeLogPage,
});
