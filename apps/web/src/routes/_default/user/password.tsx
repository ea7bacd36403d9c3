import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

export const Route = createFileRoute('/_default/user/password')({
  component: () => <PlaceholderPage page="userPassword" />,
});
