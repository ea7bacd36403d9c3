import { createFileRoute } from '@tanstack/react-router';
import { articlesQueryOptions } from '../../features/admin-content/api';
import { ContentListPage } from '../../features/admin-content/content-list-page';

export const Route = createFileRoute('/admin/help-articles')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(articlesQueryOptions()).catch(() => undefined),
  component: () => <ContentListPage kind="help" />,
});
