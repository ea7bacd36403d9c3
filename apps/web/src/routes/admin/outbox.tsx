import { createFileRoute } from '@tanstack/react-router';
import { pickOffset, pickOne, pickText, type OutboxSearch } from '../../features/admin-accounts/search';
import { OutboxPage } from '../../features/admin-accounts/outbox-page';

export const Route = createFileRoute('/admin/outbox')({
  validateSearch: (search: Record<string, unknown>): OutboxSearch => ({
    destination: pickText(search.destination),
    status: pickOne(search.status, ['pending', 'sending', 'sent', 'logged', 'failed'] as const),
    offset: pickOffset(search.offset),
  }),
  component: OutboxPage,
});
