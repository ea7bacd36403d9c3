import { createFileRoute } from '@tanstack/react-router';
import { AdjustPage } from '../../features/admin-ledger/adjust-page';

export const Route = createFileRoute('/admin/adjust')({
  component: AdjustPage,
});
