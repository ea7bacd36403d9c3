import { createFileRoute } from '@tanstack/react-router';
import { authOptionsQueryOptions } from '../../features/accounts/api';
import { RegisterPage } from '../../features/accounts/register-page';
import { meQueryOptions } from '../../lib/session';

interface RegisterSearch {
  /** The invite code of a share link. */
  ref?: string;
}

export const Route = createFileRoute('/_auth/register')({
  // An all-digit code arrives as a number (search values are parsed as JSON).
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    (typeof search.ref === 'string' || typeof search.ref === 'number') && String(search.ref).length <= 16
      ? { ref: String(search.ref) }
      : {},
  // Who is signed in and the registration rules, before the page shows: the form appears whole,
  // and nothing under it moves (travels with the page's chunk, not the first bundle).
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([queryClient.ensureQueryData(meQueryOptions()), queryClient.prefetchQuery(authOptionsQueryOptions())]);
  },
  component: RegisterPage,
});
