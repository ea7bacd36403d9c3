import { createFileRoute } from '@tanstack/react-router';
import { pickOffset, pickOne, pickText, type MembersSearch } from '../../../features/admin-accounts/search';
import { MembersPage } from '../../../features/admin-accounts/members-page';

export const Route = createFileRoute('/admin/members/')({
  validateSearch: (search: Record<string, unknown>): MembersSearch => ({
    q: pickText(search.q),
    role: pickOne(search.role, ['member', 'operator'] as const),
    status: pickOne(search.status, ['active', 'frozen'] as const),
    offset: pickOffset(search.offset),
  }),
  component: MembersPage,
});
