/*
 * What the four console routes of this feature load: their pages, query options and search
 * parsers, from this one module. The routes all import it, so the bundler makes the four pages one
 * chunk and every route's preload list the same list: the first bundle's route table (which names
 * each lazy chunk and its preload list) grows by about 50 bytes less than with a chunk per page
 * and shared chunks between them. The four pages together are about 13 KB gzip, console only.
 */
export { PlansPage } from './plans-page';
export { CouponsPage } from './coupons-page';
export { PurchasesPage } from './purchases-page';
export { ReferralsPage } from './referrals-page';
export { adminPlansQueryOptions, couponsQueryOptions, purchasesQueryOptions, referralSettingsQueryOptions } from './api';
export { couponFilterOf, purchaseFilterOf } from './search';
