import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export const Route = createFileRoute('/admin/')({
  component: () => <PlaceholderPage page="admin" />,
});
