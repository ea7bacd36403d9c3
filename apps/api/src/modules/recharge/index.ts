/**
 * Recharge orders and payment channels: what app.ts, other modules and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
export { seedDemoPaymentChannels } from './demo-channels';
export { demoCheckoutRoutes } from './demo-checkout';
export { expireDueOrders } from './repository';
export { rechargeRoutes } from './routes';
export { cancelOrder } from './cancel-order';
export { listAllChannels, upsertPaymentChannel } from './channels';
export { createOrder } from './create-order';
export { creditOrder } from './credit-order';
export { rejectOrder } from './reject-order';
export { listReviews } from './reviews';
export { submitPayment } from './submit-payment';
export { paymentWebhookRoutes } from './webhook-routes';
export { creditForBankLine, openOrdersOfAmount, ordersByIds, ordersByReferences, type OrderCandidate } from './bank-lines';
