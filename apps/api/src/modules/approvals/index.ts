/**
 * Two-person approval: what app.ts, the gated modules and the demo seeding may use (ARCHITECTURE.md,
 * rule 14). A gated module asks `needsApproval` and, when over the threshold, `requestApproval`
 * instead of acting; it hands its action over with `defineApprovalAction` (docs/decisions/0033).
 */
export { adminApprovalRoutes, approvalExpiryJob } from './routes';
export { defineApprovalAction, type ApprovalAction } from './kinds';
export { approvalOn, approve, needsApproval, requestApproval, updateApprovalSettings } from './service';
export { assertSettingsUnchanged, requestSettingsChange } from './settings-change';
