import { createFileRoute } from '@tanstack/react-router';
import { LedgerPage } from '../../features/admin-ledger/ledger-page';
import { ledgerReportQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/ledger')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(ledgerReportQueryOptions()).catch(() => undefined),
  component: LedgerPage,
});
