import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../components/placeholder-page';

export const Route = createFileRoute('/_default/_app/withdraw/log')({
  component: () => <PlaceholderPage page="withdrawLog" backTo="/profile" />,
});
