import type { ConsoleLanguageBundle } from '../bundle';
import { adminAccounts } from './adminAccounts';
import { adminContent } from './adminContent';
import { adminDashboard } from './adminDashboard';
import { adminLedger } from './adminLedger';
import { adminPlans } from './adminPlans';
import { adminApprovals } from './adminApprovals';
import { adminReconciliation } from './adminReconciliation';
import { adminSupport } from './adminSupport';
import { adminTeam } from './adminTeam';
import { console } from './console';

/** The console's texts in this language: loaded only when the console is open in it. */
const bundle: ConsoleLanguageBundle = {
  console,
  adminPlans,
  adminLedger,
  adminAccounts,
  adminContent,
  adminTeam,
  adminDashboard,
  adminReconciliation,
  adminApprovals,
  adminSupport,
};

export default bundle;
