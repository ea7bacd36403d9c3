/** "Close my account": its routes, for app.ts (ARCHITECTURE.md, rule 14; docs/decisions/0035). */
export { accountClosureRoutes, adminClosureRoutes } from './routes';
export { closeMemberAccount } from './service';
