/*
 * The plan pages, one module for the routes to import: the four pages then share one chunk (and
 * one list of preloads in the first bundle's route tree) instead of four, which keeps the first
 * load of / within its budget (ARCHITECTURE.md rule 8). /home takes only its cards (home-cards.tsx).
 */
export { CouponsPage } from './coupons-page';
export { MyPlansPage } from './my-plans-page';
export { PlanPage } from './plan-page';
export { PlansPage } from './plan-list-page';
