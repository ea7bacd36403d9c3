import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../../../features/team/team-pages';

export const Route = createFileRoute('/_default/_app/team/level_three')({
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../../../features/team/api');
    await Promise.all([
      queryClient.ensureQueryData(api.teamSummaryQueryOptions()),
      queryClient.ensureInfiniteQueryData(api.teamMembersQueryOptions(3)),
    ]);
  },
  component: () => <TeamPage level={3} />,
});
