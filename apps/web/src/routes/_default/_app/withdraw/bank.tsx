import { createFileRoute } from '@tanstack/react-router';
import { BankAccountsPage } from '../../../../features/wallet/bank-accounts-page';

export const Route = createFileRoute('/_default/_app/withdraw/bank')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/wallet/api');
    await queryClient.ensureQueryData(api.bankAccountsQueryOptions());
  },
  component: BankAccountsPage,
});
