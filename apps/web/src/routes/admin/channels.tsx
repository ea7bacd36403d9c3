import { createFileRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../../features/admin-ledger/channels-page';

export const Route = createFileRoute('/admin/channels')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../features/admin-ledger/api');
    await queryClient.ensureQueryData(api.paymentChannelsQueryOptions());
  },
  component: ChannelsPage,
});
