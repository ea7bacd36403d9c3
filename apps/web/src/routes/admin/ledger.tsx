import { createFileRoute } from '@tanstack/react-router';
import { LedgerPage } from '../../features/admin-ledger/ledger-page';

export const Route = createFileRoute('/admin/ledger')({
  component: LedgerPage,
});
