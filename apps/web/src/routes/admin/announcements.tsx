import { createFileRoute } from '@tanstack/react-router';
import { announcementsQueryOptions } from '../../features/admin-content/api';
import { AnnouncementsPage } from '../../features/admin-content/pages';

export const Route = createFileRoute('/admin/announcements')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(announcementsQueryOptions()).catch(() => undefined),
  component: AnnouncementsPage,
});
