import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '../../../features/admin-accounts/member-page';
import { memberQueryOptions } from '../../../features/admin-accounts/api';

export const Route = createFileRoute('/admin/members/$id')({
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(memberQueryOptions(params.id)).catch(() => undefined),
  component: MemberPage,
});
