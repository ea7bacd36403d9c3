/**
 * The console's members, audit log and outbox pages: their routes, for app.ts (ARCHITECTURE.md,
 * rule 14). Nothing else of this folder is used outside it.
 */
export { adminRoutes } from './routes';
