import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../../../../features/wallet/order-page';

export const Route = createFileRoute('/_default/_app/recharge/confirm/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const api = await import('../../../../../features/wallet/api');
    await queryClient.ensureQueryData(api.rechargeOrderQueryOptions(params.id));
  },
  // The page reads its params itself: a component here that used `Route` would pull router code out of the first bundle's chunk.
  component: OrderPage,
});
