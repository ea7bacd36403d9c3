import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../../features/accounts/change-password-page';

export const Route = createFileRoute('/_default/user/password')({
  component: ChangePasswordPage,
});
