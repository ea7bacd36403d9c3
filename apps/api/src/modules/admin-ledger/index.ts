/**
 * The console's ledger pages and balance adjustments: what app.ts and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
import { defineApprovalAction } from '../approvals/index';
import { adjustmentApproval } from './service';

export { adminLedgerRoutes } from './routes';
export { adjustBalance } from './service';

// A large adjustment waits for a second person, who runs this (modules/approvals): handed over as
// soon as anything enters this module, so the console and the demo seeding both find it.
defineApprovalAction('adjustment', adjustmentApproval);
