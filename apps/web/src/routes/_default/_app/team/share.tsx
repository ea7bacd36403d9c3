import { createFileRoute } from '@tanstack/react-router';
import { SharePage } from '../../../../features/team/share-page';

export const Route = createFileRoute('/_default/_app/team/share')({
  // A failed fetch is left to the page, which shows it with a retry beside what did load.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/team/api');
    await queryClient.ensureQueryData(api.teamSummaryQueryOptions()).catch(() => undefined);
  },
  component: SharePage,
});
