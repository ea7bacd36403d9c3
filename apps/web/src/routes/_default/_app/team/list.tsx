import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../../../features/team/team-pages';

/** `?show=commissions` lists my commissions instead of my direct invitees. */
export const Route = createFileRoute('/_default/_app/team/list')({
  validateSearch: (search: Record<string, unknown>): { show?: 'commissions' } =>
    search.show === 'commissions' ? { show: 'commissions' } : {},
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry beside what did load.
  loader: async ({ context: { queryClient }, deps }) => {
    const api = await import('../../../../features/team/api');
    await Promise.allSettled([
      queryClient.ensureQueryData(api.teamSummaryQueryOptions()),
      deps.show === 'commissions'
        ? queryClient.ensureInfiniteQueryData(api.myCommissionsQueryOptions())
        : queryClient.ensureInfiniteQueryData(api.teamMembersQueryOptions(1)),
    ]);
  },
  component: function TeamListRoute() {
    const { show } = Route.useSearch();
    return <TeamPage level={1} view={show === 'commissions' ? 'commissions' : 'members'} />;
  },
});
