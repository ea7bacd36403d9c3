import { createFileRoute } from '@tanstack/react-router';
import { ConsolePage } from '../../components/ui/console';
import { MembersStatCards } from '../../features/admin-accounts/console-home';
import { MaintenanceCard } from '../../features/admin-accounts/maintenance-card';
import { useAdminAccountsMessages } from '../../features/admin-accounts/messages';
import { RechargeQueueStatCard } from '../../features/admin-ledger/queue-card';
import { ConsoleDashboard } from '../../features/admin-dashboard/dashboard';
import { useConsoleCan } from '../../lib/console-access';

export const Route = createFileRoute('/admin/')({
  component: ConsoleHome,
});

/** The console's landing: the dashboard (for the money roles), then what is waiting, each list one tap away. */
function ConsoleHome() {
  const { t } = useAdminAccountsMessages();
  const can = useConsoleCan();
  return (
    <ConsolePage title={t('landing.title')} description={t('landing.lead')}>
      {can('ledger') ? <ConsoleDashboard /> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <RechargeQueueStatCard />
        <MembersStatCards />
      </div>
      {can('maintenance') ? <MaintenanceCard /> : null}
    </ConsolePage>
  );
}
