import { createFileRoute } from '@tanstack/react-router';
import { referralSettingsQueryOptions, ReferralsPage } from '../../features/admin-plans/pages';

export const Route = createFileRoute('/admin/referrals')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(referralSettingsQueryOptions()).catch(() => undefined),
  component: ReferralsPage,
});
