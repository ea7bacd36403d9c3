import { createFileRoute } from '@tanstack/react-router';
import { VerifyPage } from '../../features/wallet/verify-page';

/** /verify: a verifiable statement checked in the browser, offline too (docs/decisions/0028). */
export const Route = createFileRoute('/_default/verify')({
  component: VerifyPage,
});
