import { createFileRoute } from '@tanstack/react-router';
import { articlesQueryOptions } from '../../features/admin-content/api';
import { HelpArticlesPage } from '../../features/admin-content/pages';

export const Route = createFileRoute('/admin/help-articles')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(articlesQueryOptions()).catch(() => undefined),
  component: HelpArticlesPage,
});
