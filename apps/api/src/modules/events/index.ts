/**
 * Live updates: the event hub and its stream route, for app.ts (ARCHITECTURE.md, rule 14).
 */
export { eventHubPlugin } from './hub';
export { eventRoutes } from './routes';
