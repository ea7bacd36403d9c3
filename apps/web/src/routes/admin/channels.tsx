import { createFileRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../../features/admin-ledger/channels-page';
import { paymentChannelsQueryOptions } from '../../features/admin-ledger/api';

export const Route = createFileRoute('/admin/channels')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(paymentChannelsQueryOptions()).catch(() => undefined),
  component: ChannelsPage,
});
