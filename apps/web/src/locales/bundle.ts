import type { ConsoleMessages } from '../components/ui/console';
import type { UiMessages } from '../components/ui/messages';
import type { AccountsMessages } from '../features/accounts/messages';
import type { SignInMessages } from '../features/accounts/sign-in-messages';
import type { AdminAccountsMessages } from '../features/admin-accounts/messages';
import type { AdminContentMessages } from '../features/admin-content/messages';
import type { AdminDashboardMessages } from '../features/admin-dashboard/messages';
import type { AdminLedgerMessages } from '../features/admin-ledger/messages';
import type { AdminPlansMessages } from '../features/admin-plans/messages';
import type { AdminApprovalsMessages } from '../features/admin-approvals/messages';
import type { AdminReconciliationMessages } from '../features/admin-reconciliation/messages';
import type { AdminSupportMessages } from '../features/admin-support/messages';
import type { AdminTeamMessages } from '../features/admin-team/messages';
import type { EarningsMessages } from '../features/content/earnings-messages';
import type { ContentMessages } from '../features/content/messages';
import type { NotificationsMessages } from '../features/notifications/messages';
import type { PlansMessages } from '../features/plans/messages';
import type { SupportMessages } from '../features/support/messages';
import type { TeamMessages } from '../features/team/messages';
import type { WalletMessages } from '../features/wallet/messages';
import type { Catalogue } from '../lib/i18n';
import type { CommonMessages } from './common';
import type { ApiErrorCode } from './errors';

/**
 * Everything one language other than English says, namespace by namespace (the names given to
 * `defineMessages`). Type-only imports: the English catalogues stay with their pages. The members'
 * part is one chunk, loaded only when its language is the active one (lib/language.ts); the
 * console's part another, loaded only when the console is open in that language.
 */
export interface LanguageBundle {
  /** day.js's name for the language (its locale file is imported by the bundle). */
  dayjs: string;
  /** An API text (a contract's form message) in this language (packages/shared/src/i18n): the forms check with the same contracts. */
  translateText: (english: string) => string;
  common: Catalogue<CommonMessages>;
  errors: Record<ApiErrorCode, string>;
  ui: Catalogue<UiMessages>;
  accounts: Catalogue<AccountsMessages>;
  signIn: Catalogue<SignInMessages>;
  content: Catalogue<ContentMessages>;
  earnings: Catalogue<EarningsMessages>;
  team: Catalogue<TeamMessages>;
  wallet: Catalogue<WalletMessages>;
  plans: Catalogue<PlansMessages>;
  notifications: Catalogue<NotificationsMessages>;
  support: Catalogue<SupportMessages>;
}

/** The operator console's namespaces in one language (`src/locales/<language>/console-bundle.ts`). */
export interface ConsoleLanguageBundle {
  console: Catalogue<ConsoleMessages>;
  adminPlans: Catalogue<AdminPlansMessages>;
  adminLedger: Catalogue<AdminLedgerMessages>;
  adminAccounts: Catalogue<AdminAccountsMessages>;
  adminContent: Catalogue<AdminContentMessages>;
  adminTeam: Catalogue<AdminTeamMessages>;
  adminReconciliation: Catalogue<AdminReconciliationMessages>;
  adminApprovals: Catalogue<AdminApprovalsMessages>;
  adminDashboard: Catalogue<AdminDashboardMessages>;
  adminSupport: Catalogue<AdminSupportMessages>;
}
