import { createFileRoute } from '@tanstack/react-router';
import { announcementsQueryOptions } from '../../features/admin-content/api';
import { ContentListPage } from '../../features/admin-content/content-list-page';

export const Route = createFileRoute('/admin/announcements')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(announcementsQueryOptions()).catch(() => undefined),
  component: () => <ContentListPage kind="announcements" />,
});
