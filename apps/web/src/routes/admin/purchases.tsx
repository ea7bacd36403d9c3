import { createFileRoute } from '@tanstack/react-router';
import { adminPlansQueryOptions, purchaseFilterOf, PurchasesPage, purchasesQueryOptions } from '../../features/admin-plans/pages';

export const Route = createFileRoute('/admin/purchases')({
  // Kept as it arrives (typed as the strings the page writes): the (lazy) loader and page parse it,
  // so no parser joins the first load.
  validateSearch: (search: { member?: string; plan?: string; status?: string; from?: string; to?: string; commission?: string }) => search,
  loaderDeps: ({ search }) => search,
  // A failed fetch is left to the page, which shows it with a retry instead of replacing the console.
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureInfiniteQueryData(purchasesQueryOptions(purchaseFilterOf(deps))),
      // The plan filter's choices.
      queryClient.ensureQueryData(adminPlansQueryOptions()),
    ]).catch(() => undefined),
  component: PurchasesPage,
});
