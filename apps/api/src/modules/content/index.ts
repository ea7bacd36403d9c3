/**
 * Operator content (news, promotions, help, pages): its routes, for app.ts (ARCHITECTURE.md, rule 14).
 */
export { adminContentRoutes } from './admin-routes';
export { contentRoutes } from './routes';
