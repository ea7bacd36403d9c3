import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../features/accounts/profile-page';

export const Route = createFileRoute('/_default/_app/profile')({
  component: ProfilePage,
});
