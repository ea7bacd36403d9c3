import { createFileRoute } from '@tanstack/react-router';
import { pickOffset, pickText, type AuditSearch } from '../../features/admin-accounts/search';
import { AuditPage } from '../../features/admin-accounts/audit-page';

export const Route = createFileRoute('/admin/audit')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    action: pickText(search.action, 100),
    subjectId: pickText(search.subjectId, 100),
    offset: pickOffset(search.offset),
  }),
  component: AuditPage,
});
