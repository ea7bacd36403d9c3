/**
 * The console's members, audit log and outbox pages: their routes, for app.ts (ARCHITECTURE.md,
 * rule 14). Nothing else of this folder is used outside it; approvals gets the reset's action.
 */
import { defineApprovalAction } from '../approvals/index';
import { secondFactorResetApproval } from './second-factor-reset';

export { adminRoutes } from './routes';

// While approval is on, resetting another console account's second factor waits for a second
// person, who runs this (modules/approvals): handed over as soon as anything enters this module.
defineApprovalAction('second_factor_reset', secondFactorResetApproval);
