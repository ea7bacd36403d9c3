import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export const Route = createFileRoute('/_default/help')({
  component: () => <PlaceholderPage page="help" />,
});
