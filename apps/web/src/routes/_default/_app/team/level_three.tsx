import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../../../features/team/team-pages';

export const Route = createFileRoute('/_default/_app/team/level_three')({
  // A failed fetch is left to the page, which shows it with a retry beside what did load.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/team/api');
    await Promise.allSettled([
      queryClient.ensureQueryData(api.teamSummaryQueryOptions()),
      queryClient.ensureInfiniteQueryData(api.teamMembersQueryOptions(3)),
    ]);
  },
  component: () => <TeamPage level={3} />,
});
