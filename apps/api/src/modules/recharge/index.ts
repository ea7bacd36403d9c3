/**
 * Recharge orders and payment channels: what app.ts, other modules and the demo seeding may use
 * (ARCHITECTURE.md, rule 14).
 */
export { seedDemoPaymentChannels } from './demo-channels';
export { demoCheckoutRoutes } from './demo-checkout';
export { expireDueOrders } from './repository';
export { rechargeRoutes } from './routes';
export {
  cancelOrder,
  createOrder,
  creditOrder,
  listAllChannels,
  listReviews,
  rejectOrder,
  submitPayment,
  upsertPaymentChannel,
} from './service';
export { paymentWebhookRoutes } from './webhook-routes';
