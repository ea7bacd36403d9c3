import { createFileRoute } from '@tanstack/react-router';
import { ForgetPasswordPage } from '../../features/accounts/forget-password-page';

export const Route = createFileRoute('/_auth/forget-password')({
  component: ForgetPasswordPage,
});
