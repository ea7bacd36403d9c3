import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/content/about-page';

export const Route = createFileRoute('/_default/about')({
  // A failed fetch is left to the page, which shows it with a retry.
  loader: async ({ context: { queryClient } }) => {
    const api = await import('../../features/content/api');
    await queryClient.ensureQueryData(api.legalPagesQueryOptions()).catch(() => undefined);
  },
  component: AboutPage,
});
