import { createFileRoute } from '@tanstack/react-router';
import { ActivePlanCard, CommissionsCard, useHeldPlanIds } from '../../../features/plans/home-cards';
import { AnnouncementsMarquee, FeaturedPromotion } from '../../../features/content/home-news';
import { HomePage } from '../../../features/wallet/home-page';

export const Route = createFileRoute('/_default/_app/home')({
  // The query options load with the page's code, not with the first bundle.
  loader: async ({ context: { queryClient } }) => {
    const [wallet, plans, content] = await Promise.all([
      import('../../../features/wallet/api'),
      import('../../../features/plans/api'),
      import('../../../features/content/api'),
    ]);
    await Promise.all([
      queryClient.ensureQueryData(wallet.walletQueryOptions()),
      queryClient.ensureQueryData(wallet.recentActivityQueryOptions()),
      queryClient.ensureQueryData(wallet.openRechargeOrdersQueryOptions()),
      // The plan and commission cards are extras: if they cannot load, home still opens without them.
      queryClient.prefetchQuery(plans.activePurchasesQueryOptions()),
      queryClient.prefetchQuery(plans.commissionSummaryQueryOptions()),
      queryClient.prefetchQuery(content.homeContentQueryOptions()),
    ]);
  },
  component: Home,
});

/**
 * The wallet's home with the plans feature's cards and the operator's news in their places; the
 * featured promotion leaves out the plans the member holds.
 */
function Home() {
  const heldPlanIds = useHeldPlanIds();
  return (
    <HomePage
      commissions={<CommissionsCard />}
      plan={<ActivePlanCard />}
      news={<AnnouncementsMarquee />}
      featured={<FeaturedPromotion heldPlanIds={heldPlanIds} />}
    />
  );
}
