import { createFileRoute } from '@tanstack/react-router';
import { ChannelsPage } from '../../features/admin-ledger/channels-page';

export const Route = createFileRoute('/admin/channels')({
  component: ChannelsPage,
});
