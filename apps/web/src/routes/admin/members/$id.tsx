import { createFileRoute } from '@tanstack/react-router';
import { MemberPage } from '../../../features/admin-accounts/member-page';

export const Route = createFileRoute('/admin/members/$id')({
  component: MemberPage,
});
