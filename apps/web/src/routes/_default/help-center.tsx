import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export const Route = createFileRoute('/_default/help-center')({
  component: () => <PlaceholderPage page="helpCenter" />,
});
