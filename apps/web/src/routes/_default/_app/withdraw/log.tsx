import { createFileRoute } from '@tanstack/react-router';
import { WithdrawLogPage } from '../../../../features/wallet/withdraw-log-page';

export const Route = createFileRoute('/_default/_app/withdraw/log')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/wallet/api');
    await queryClient.ensureInfiniteQueryData(api.withdrawalsQueryOptions());
  },
  component: WithdrawLogPage,
});
