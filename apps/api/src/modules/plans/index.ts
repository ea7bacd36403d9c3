/**
 * Plans, coupons, purchases and commissions: what app.ts, other modules and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
export { adminPlanRoutes } from './admin-routes';
export { createPlan } from './catalog';
export { releaseDueCommissions } from './commissions';
export { createCoupon, redeemCoupon } from './coupons';
export { purchasePlan } from './purchase';
export { refundPurchase } from './refund';
export { commissionReleaseJob } from './release-job';
export { readSettings } from './repository';
export { planRoutes } from './routes';
