import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../../lib/session';

/**
 * Signed-in pages (docs/product.md R2): a visitor who is not signed in goes to the sign-in page
 * and comes back here afterwards through `?redirect=`.
 */
export const Route = createFileRoute('/_default/_app')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!me) throw redirect({ to: '/', search: { redirect: location.href } });
    return { me };
  },
  component: Outlet,
});
