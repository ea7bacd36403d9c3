import { createFileRoute } from '@tanstack/react-router';
import { supportTicketQueryOptions } from '../../../features/admin-support/api';
import { SupportTicketPage } from '../../../features/admin-support/ticket-page';

export const Route = createFileRoute('/admin/support/$id')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(supportTicketQueryOptions(params.id)).catch(() => undefined),
  component: SupportTicketPage,
});
