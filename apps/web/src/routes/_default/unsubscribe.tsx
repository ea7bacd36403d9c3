import { createFileRoute } from '@tanstack/react-router';
import { UnsubscribePage } from '../../features/notifications/unsubscribe-page';

export const Route = createFileRoute('/_default/unsubscribe')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({
    token: typeof search.token === 'string' && /^[A-Za-z0-9_.-]{10,200}$/.test(search.token) ? search.token : '',
  }),
  component: function Unsubscribe() {
    const { token } = Route.useSearch();
    return <UnsubscribePage token={token} />;
  },
});
