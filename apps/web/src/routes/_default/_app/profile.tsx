import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../features/accounts/profile-page';
import { NotificationPreferencesCard } from '../../../features/notifications/preferences-card';

export const Route = createFileRoute('/_default/_app/profile')({
  component: () => <ProfilePage notifications={<NotificationPreferencesCard />} />,
});
