/**
 * Plans, coupons, purchases and commissions: what app.ts, other modules and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
import { defineApprovalAction } from '../approvals/index';
import { refundOverrideApproval } from './refund';
import { referralSettingsApproval } from './settings';

export { adminPlanRoutes } from './admin-routes';
export { createPlan } from './catalog';
export { releaseDueCommissions } from './commissions';
export { createCoupon, redeemCoupon } from './coupons';
export { purchasePlan } from './purchase';
export { refundPurchase } from './refund';
export { commissionReleaseJob } from './release-job';
export { readSettings } from './repository';
export { planRoutes } from './routes';

// A refund override whose claw-back debt is over the threshold waits for a second person, who runs
// this (modules/approvals): handed over as soon as anything enters this module.
defineApprovalAction('refund_override', refundOverrideApproval);
defineApprovalAction('referral_settings', referralSettingsApproval);
