import { createFileRoute } from '@tanstack/react-router';
import { VerifyCodePage } from '../../features/accounts/verify-code-page';

export const Route = createFileRoute('/_auth/verify-code')({
  component: VerifyCodePage,
});
