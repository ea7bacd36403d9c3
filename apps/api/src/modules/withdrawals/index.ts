/**
 * Withdrawals and bank accounts: what app.ts and the demo seeding may use (ARCHITECTURE.md, rule 14).
 */
import { defineApprovalAction } from '../approvals/index';
import { withdrawalSettingsApproval } from './console';
import { payoutResultsApproval } from './payout-import';

export { adminWithdrawalRoutes } from './admin-routes';
export { createBankAccount } from './bank-accounts';
export { exportPayoutFile, getWithdrawalSettings, payWithdrawal, rejectWithdrawal, updateWithdrawalSettings } from './console';
export { withdrawalRoutes } from './routes';
export { cancelWithdrawal, createWithdrawal } from './withdrawals';
export { payFromBankLine, processingWithdrawalsOfNet, withdrawalsByIds, type WithdrawalCandidate } from './bank-lines';

// Applying a result file whose total is over the threshold waits for a second person, who runs this
// (modules/approvals): handed over as soon as anything enters this module.
defineApprovalAction('payout_results', payoutResultsApproval);
defineApprovalAction('withdrawal_settings', withdrawalSettingsApproval);
