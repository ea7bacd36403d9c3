/**
 * Withdrawals and bank accounts: what app.ts and the demo seeding may use (ARCHITECTURE.md, rule 14).
 */
export { adminWithdrawalRoutes } from './admin-routes';
export { createBankAccount } from './bank-accounts';
export { exportPayoutFile, payWithdrawal, rejectWithdrawal } from './console';
export { withdrawalRoutes } from './routes';
export { cancelWithdrawal, createWithdrawal } from './withdrawals';
export { payFromBankLine, processingWithdrawalsOfNet, withdrawalsByIds, type WithdrawalCandidate } from './bank-lines';
