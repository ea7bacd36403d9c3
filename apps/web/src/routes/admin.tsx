import { use } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ConsoleLayout } from '../components/layouts/console-layout';
import { ConsoleAccount } from '../features/admin-accounts/console-home';
import { AdminAccountsNavLinks } from '../features/admin-accounts/nav-links';
import { AdminContentNavLinks } from '../features/admin-content/nav-links';
import { AdminLedgerNavLinks } from '../features/admin-ledger/nav-links';
import { AdminPlansNavLinks } from '../features/admin-plans/nav-links';
import { AdminTeamNavLinks } from '../features/admin-team/nav-links';
import { RetryNotice } from '../components/retry-notice';
import { useLiveUpdates } from '../lib/live-events';
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
    return { me };
  },
  component: AdminLayout,
});

/** The console frame with the navigation of every console feature, and who is signed in. */
function AdminLayout() {
  useLiveUpdates();
  // The console's texts in the app's language arrive with the console (React waits for them).
  const locale = useLocale();
  const consoleTexts = consoleLanguageLoaded(locale) ? null : loadConsoleLanguage(locale);
  if (consoleTexts) use(consoleTexts);
  return (
    <>
      <ConsoleLayout
        account={<ConsoleAccount />}
        nav={
          <>
            <AdminAccountsNavLinks />
            <AdminLedgerNavLinks />
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
