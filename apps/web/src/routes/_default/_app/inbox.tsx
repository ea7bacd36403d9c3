import { createFileRoute } from '@tanstack/react-router';
import { InboxPage } from '../../../features/notifications/inbox-page';

export const Route = createFileRoute('/_default/_app/inbox')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../features/notifications/api');
    await queryClient.ensureInfiniteQueryData(api.inboxQueryOptions());
  },
  component: InboxPage,
});
