import { createFileRoute } from '@tanstack/react-router';
import { WithdrawPage } from '../../../../features/wallet/withdraw-page';

export const Route = createFileRoute('/_default/_app/withdraw/')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/wallet/api');
    await Promise.all([queryClient.ensureQueryData(api.bankAccountsQueryOptions()), queryClient.ensureQueryData(api.walletQueryOptions())]);
  },
  component: WithdrawPage,
});
