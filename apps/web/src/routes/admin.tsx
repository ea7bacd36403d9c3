import { use } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { ConsoleLayout } from '../components/layouts/console-layout';
import { ConsoleAccount } from '../features/admin-accounts/console-home';
import { AdminAccountsNavLinks } from '../features/admin-accounts/nav-links';
import { AdminApprovalsNavLinks } from '../features/admin-approvals/nav-links';
import { AdminContentNavLinks } from '../features/admin-content/nav-links';
import { AdminLedgerNavLinks } from '../features/admin-ledger/nav-links';
import { AdminPlansNavLinks } from '../features/admin-plans/nav-links';
import { AdminReconciliationNavLinks } from '../features/admin-reconciliation/nav-links';
import { AdminSupportNavLinks } from '../features/admin-support/nav-links';
import { AdminTeamNavLinks } from '../features/admin-team/nav-links';
import { RetryNotice } from '../components/retry-notice';
import { useLiveUpdates } from '../lib/live-events';
import { secondFactorQueryOptions } from '../lib/second-factor';
import { meQueryOptions } from '../lib/session';
import { useLocale } from '../lib/i18n';
import { consoleLanguageLoaded, loadConsoleLanguage } from '../lib/language-loader';

/** The operator console (docs/product.md): console roles only (operator, support, finance); its code loads only when visited. */
export const Route = createFileRoute('/admin')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!me) throw redirect({ to: '/', search: { redirect: location.href } });
    // Every role but member is a console role (the matrix itself loads with the console's code).
    if (me.role === 'member') throw redirect({ to: '/home' });
    // The console answers a session only once it has proved its second factor: until then, that page.
    const factor = await context.queryClient.ensureQueryData(secondFactorQueryOptions());
    if (!factor.verified && location.pathname !== '/admin/second-factor') throw redirect({ to: '/admin/second-factor' });
    return { me };
  },
  component: AdminLayout,
});

/** The console: the second factor's page alone until the session proved it, then the console frame. */
function AdminLayout() {
  // The console's texts in the app's language arrive with the console (React waits for them).
  const locale = useLocale();
  const consoleTexts = consoleLanguageLoaded(locale) ? null : loadConsoleLanguage(locale);
  if (consoleTexts) use(consoleTexts);
  const factor = useQuery(secondFactorQueryOptions()).data;
  // Before the second factor, the page to prove it stands alone: no navigation into a console that refuses.
  if (!factor?.verified) return <Outlet />;
  return <ConsoleFrame />;
}

/** The console frame with the navigation of every console feature, and who is signed in. */
function ConsoleFrame() {
  useLiveUpdates();
  return (
    <>
      <ConsoleLayout
        account={<ConsoleAccount />}
        nav={
          <>
            <AdminAccountsNavLinks />
            <AdminLedgerNavLinks />
            <AdminApprovalsNavLinks />
            <AdminSupportNavLinks />
            <AdminReconciliationNavLinks />
            <AdminPlansNavLinks />
            <AdminTeamNavLinks />
            <AdminContentNavLinks />
          </>
        }
      />
      <RetryNotice />
    </>
  );
}
