import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../components/layouts/auth-layout';

/** docs/product.md R1: pages in the auth layout; no sign-in needed. */
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});
