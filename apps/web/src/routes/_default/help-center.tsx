import { createFileRoute } from '@tanstack/react-router';
import { HelpCenterPage } from '../../features/content/help-pages';
import { parseHelpCenterSearch } from '../../features/content/search';

export const Route = createFileRoute('/_default/help-center')({
  validateSearch: parseHelpCenterSearch,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry.
  loader: async ({ context: { queryClient }, deps }) => {
    const api = await import('../../features/content/api');
    await queryClient.ensureQueryData(api.helpCenterQueryOptions(deps.q, deps.category)).catch(() => undefined);
  },
  component: HelpCenterPage,
});
