import { createFileRoute } from '@tanstack/react-router';
import { SecondFactorPage } from '../../features/admin-accounts/second-factor-page';

/** Where a console session proves its second factor (or sets one up) before the console opens. */
export const Route = createFileRoute('/admin/second-factor')({
  component: SecondFactorPage,
});
