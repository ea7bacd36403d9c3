import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE } from '@orchard/shared';
import { translateTemplate } from '../../i18n/translate';
import { periodicJob } from '../../lib/periodic-job';
import type { ServiceDeps } from '../../lib/service-deps';
import { enqueueMessage } from '../accounts/index';
import * as repo from './repository';
import { notificationEmail, signingKey } from './service';
import { notificationLine } from './texts';

/** Notifications claimed per mailer transaction. */
const MAIL_BATCH = 50;

/**
 * Turns notifications whose email is due into outbox rows: claimed with `for update skip locked`
 * (several instances side by side), the flag cleared and the outbox row written in one
 * transaction, so each email is queued exactly once. How many were queued.
 */
export async function queueDueEmails(deps: ServiceDeps): Promise<number> {
  const key = await signingKey(deps);
  let total = 0;
  for (;;) {
    const queued = await deps.db.transaction(async (tx) => {
      const due = await repo.claimDueEmails(tx, MAIL_BATCH);
      const now = deps.clock.now();
      for (const row of due) {
        const line = notificationLine(row, row.language ?? DEFAULT_LANGUAGE);
        await enqueueMessage(
          tx,
          notificationEmail(deps, key, { userId: row.user_id, email: row.email, language: row.language }, row.kind, line, [line]),
          now,
        );
      }
      return due.length;
    });
    total += queued;
    if (queued < MAIL_BATCH) return total;
  }
}

/** Members handled per digest run (each in a transaction of its own). */
const DIGEST_BATCH = 200;

/**
 * The daily digest of unread notifications: each member who asked for it, once per (UTC) day,
 * claimed with `for update skip locked` and keyed by (member, day) in notification_digests, so two
 * instances never send one twice. A member with nothing unread gets no email (the day is still
 * marked). How many digests were queued.
 */
export async function sendDigests(deps: ServiceDeps): Promise<number> {
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const key = await signingKey(deps);
  let sent = 0;
  for (let i = 0; i < DIGEST_BATCH; i++) {
    const outcome = await deps.db.transaction(async (tx) => {
      const member = await repo.claimDigestMember(tx, day);
      if (!member) return 'done' as const;
      const unread = await repo.unreadSince(tx, member.user_id, new Date(now.getTime() - 24 * 3_600_000));
      if (!(await repo.takeDigestKey(tx, member.user_id, day, unread.length, now))) return 'skipped' as const;
      if (unread.length === 0) return 'empty' as const;
      const language = member.language ?? DEFAULT_LANGUAGE;
      const subject = translateTemplate(language, 'Your day: {count} new notifications', { count: unread.length });
      const lines = unread.map((row) => `• ${notificationLine(row, language)}`);
      await enqueueMessage(
        tx,
        notificationEmail(deps, key, { userId: member.user_id, email: member.email, language: member.language }, 'digest', subject, lines),
        now,
      );
      return 'sent' as const;
    });
    if (outcome === 'done') break;
    if (outcome === 'sent') sent++;
  }
  return sent;
}

async function registerNotificationJobs(app: FastifyInstance) {
  const deps = () => ({ db: app.database.db, clock: app.clock, config: app.config });
  periodicJob(app, 'notification emails', app.config.NOTIFICATION_MAIL_POLL_MS, async () => {
    if ((await queueDueEmails(deps())) > 0) app.outbox.kick();
  });
  periodicJob(app, 'notification digest', app.config.NOTIFICATION_DIGEST_POLL_MS, async () => {
    if (app.clock.now().getUTCHours() < app.config.NOTIFICATION_DIGEST_HOUR) return;
    if ((await sendDigests(deps())) > 0) app.outbox.kick();
  });
}

export const notificationJobs = fp(registerNotificationJobs, { name: 'orchard-notification-jobs', dependencies: ['orchard-accounts'] });
