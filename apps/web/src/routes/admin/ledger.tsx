import { createFileRoute } from '@tanstack/react-router';
import { LedgerPage } from '../../features/admin-ledger/ledger-page';

export const Route = createFileRoute('/admin/ledger')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../features/admin-ledger/api');
    await queryClient.ensureQueryData(api.ledgerReportQueryOptions());
  },
  component: LedgerPage,
});
