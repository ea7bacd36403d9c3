import { createFileRoute } from '@tanstack/react-router';
import { closureStatusQueryOptions } from '../../../features/accounts/api';
import { CloseAccountPage } from '../../../features/accounts/close-account-page';

export const Route = createFileRoute('/_default/_app/close-account')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(closureStatusQueryOptions()),
  component: CloseAccountPage,
});
