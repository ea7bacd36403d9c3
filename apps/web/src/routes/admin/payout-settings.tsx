import { createFileRoute } from '@tanstack/react-router';
import { withdrawalSettingsQueryOptions } from '../../features/admin-ledger/api';
import { PayoutSettingsPage } from '../../features/admin-ledger/payout-settings-page';

export const Route = createFileRoute('/admin/payout-settings')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(withdrawalSettingsQueryOptions()).catch(() => undefined),
  component: PayoutSettingsPage,
});
