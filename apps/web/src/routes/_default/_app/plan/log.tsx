import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../components/placeholder-page';

export const Route = createFileRoute('/_default/_app/plan/log')({
  component: () => <PlaceholderPage page="planLog" backTo="/profile" />,
});
