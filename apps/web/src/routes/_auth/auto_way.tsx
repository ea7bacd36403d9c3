import { createFileRoute } from '@tanstack/react-router';
import { AutoWayPage } from '../../features/accounts/auto-way-page';

interface AutoWaySearch {
  token?: string;
  redirect?: string;
}

/** Sign in with a one-time link (docs/product.md `/auto_way`). */
export const Route = createFileRoute('/_auth/auto_way')({
  validateSearch: (search: Record<string, unknown>): AutoWaySearch => ({
    ...(typeof search.token === 'string' ? { token: search.token } : {}),
    ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  }),
  component: AutoWayPage,
});
