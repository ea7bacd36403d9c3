/** Contact support: the member's tickets and the console's queue, for app.ts, and its services for the demo (ARCHITECTURE.md, rule 14). */
export { adminSupportRoutes, supportRoutes } from './routes';
export { memberClose, memberReply, openTicket, supportClose, supportReply } from './service';
