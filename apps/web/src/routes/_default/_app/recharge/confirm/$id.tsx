import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../../../../../components/placeholder-page';

export const Route = createFileRoute('/_default/_app/recharge/confirm/$id')({
  component: () => <PlaceholderPage page="rechargeConfirm" backTo="/recharge/log" />,
});
