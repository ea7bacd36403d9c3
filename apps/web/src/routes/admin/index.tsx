import { createFileRoute } from '@tanstack/react-router';
import { ConsolePage } from '../../components/ui/console';
import { MembersStatCards } from '../../features/admin-accounts/console-home';
import { useAdminAccountsMessages } from '../../features/admin-accounts/messages';
import { RechargeQueueStatCard } from '../../features/admin-ledger/queue-card';

export const Route = createFileRoute('/admin/')({
  component: ConsoleHome,
});

/** The console's landing (until a dashboard exists): what is waiting, each with its list one tap away. */
function ConsoleHome() {
  const { t } = useAdminAccountsMessages();
  return (
    <ConsolePage title={t('landing.title')} description={t('landing.lead')}>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <RechargeQueueStatCard />
        <MembersStatCards />
      </div>
    </ConsolePage>
  );
}
