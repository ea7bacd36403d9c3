/**
 * Notifications (docs/decisions/0034): the inbox, email preferences and one-click unsubscribe, and
 * the mailer and digest jobs, for app.ts (ARCHITECTURE.md, rule 14). The inbox rows themselves are
 * written by the event sources' triggers (sql/).
 */
export { notificationJobs, queueDueEmails, sendDigests } from './jobs';
export { addNotification, settleDemoInbox } from './repository';
export { notificationRoutes } from './routes';
