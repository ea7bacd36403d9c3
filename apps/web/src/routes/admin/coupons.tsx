import { createFileRoute } from '@tanstack/react-router';
import { adminPlansQueryOptions, couponFilterOf, CouponsPage, couponsQueryOptions } from '../../features/admin-plans/pages';

export const Route = createFileRoute('/admin/coupons')({
  // Kept as it arrives (typed as the strings the page writes): the (lazy) loader and page parse it,
  // so no parser joins the first load.
  validateSearch: (search: { q?: string; kind?: string; batch?: string }) => search,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(couponsQueryOptions(couponFilterOf(deps))),
      // The plans name a coupon's plans and fill the form's plan choices.
      queryClient.ensureQueryData(adminPlansQueryOptions()),
    ]).catch(() => undefined),
  component: CouponsPage,
});
