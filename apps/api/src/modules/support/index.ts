/** Contact support: the member's tickets and the console's queue, for app.ts (ARCHITECTURE.md, rule 14). */
export { adminSupportRoutes, supportRoutes } from './routes';
