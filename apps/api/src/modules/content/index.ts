/**
 * Operator content (news, promotions, help, pages): its routes, for app.ts, and the first-start
 * content, for the demo seeding (ARCHITECTURE.md, rule 14).
 */
export { adminContentRoutes } from './admin-routes';
export { contentRoutes } from './routes';
export { seedContent } from './seed-content';
