import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../features/accounts/register-page';

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
  component: RegisterPage,
});
