import { createFileRoute, redirect } from '@tanstack/react-router';
import { safeRedirectPath } from '@orchard/shared/redirect';
import { SignInPage } from '../../features/accounts/sign-in-page';
import { meQueryOptions } from '../../lib/session';

interface SignInSearch {
  redirect?: string;
}

/** The sign-in page: auth layout with the auth check (docs/product.md R1, R2). */
export const Route = createFileRoute('/_auth/')({
  validateSearch: (search: Record<string, unknown>): SignInSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: async ({ context, search }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    const redirectTo = safeRedirectPath(search.redirect);
    if (me) throw redirect({ href: redirectTo });
    return { redirectTo };
  },
  component: SignInPage,
});
