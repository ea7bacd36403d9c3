import { createFileRoute } from '@tanstack/react-router';
import { LedgerPage } from '../../features/admin-ledger/ledger-page';
import { ledgerReportQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/ledger')({
  // The loader travels with the page's code, not in the first bundle's route tree. A failed fetch
  // is left to the page, which shows it with a retry instead of replacing the console.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(ledgerReportQueryOptions()).catch(() => undefined),
  component: LedgerPage,
});
