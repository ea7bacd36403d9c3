import { createFileRoute } from '@tanstack/react-router';
import { ticketsQueryOptions } from '../../../../features/support/api';
import { SupportPage } from '../../../../features/support/tickets-page';

export const Route = createFileRoute('/_default/_app/support/')({
  // A failed fetch is left to the page, which shows it with a retry beside the new-request form.
  loader: ({ context: { queryClient } }) => queryClient.ensureInfiniteQueryData(ticketsQueryOptions()).catch(() => undefined),
  component: SupportPage,
});
