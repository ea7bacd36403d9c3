import { createFileRoute } from '@tanstack/react-router';
import { EarningsPage } from '../../features/content/earnings-page';

/** /earnings: the earnings disclosure, computed from the books (docs/decisions/0031). Public. */
export const Route = createFileRoute('/_default/earnings')({
  // A failed fetch is left to the page, which shows it with a retry.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../features/content/api');
    await Promise.all([
      queryClient.ensureQueryData(api.earningsDisclosureQueryOptions()).catch(() => undefined),
      queryClient.ensureQueryData(api.legalPagesQueryOptions()).catch(() => undefined),
    ]);
  },
  component: EarningsPage,
});
