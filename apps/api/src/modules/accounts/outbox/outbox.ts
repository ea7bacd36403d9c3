import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
import type { Db, Tx } from '../../../db/client';
import { outbox } from '../../../db/schema/index';
import { undeliveredMessageLine } from './log-line';
import type { Clock } from '../../../lib/clock';

export type OutboxChannel = 'email' | 'sms';

export interface OutgoingMessage {
  kind: string;
  channel: OutboxChannel;
  destination: string;
  subject: string;
  body: string;
  /** The code or token in the text (one per line when several), blanked out once delivered. */
  secret?: string;
  /** Extra email headers (List-Unsubscribe and List-Unsubscribe-Post: RFC 8058). */
  headers?: Record<string, string>;
}

/** Queue a message in the caller's transaction; the worker delivers it after commit. */
export async function enqueueMessage(db: Db | Tx, message: OutgoingMessage, now: Date): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({ ...message, secret: message.secret ?? null, headers: message.headers ?? null, status: 'pending', nextAttemptAt: now, createdAt: now })
    .returning({ id: outbox.id });
  return row!.id;
}

export interface Transport {
  send(message: {
    id: number;
    kind: string;
    destination: string;
    subject: string;
    body: string;
    headers?: Record<string, string> | null;
  }): Promise<void>;
  close?(): void;
}

function createEmailTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.destination,
        subject: message.subject,
        text: message.body,
        headers: message.headers ?? undefined,
      });
    },
    close: () => transporter.close(),
  };
}

/** Signature the SMS provider checks: hex HMAC-SHA256 over `${timestamp}.${rawBody}`. */
export function signSmsPayload(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

function createSmsTransport(url: string, secret: string | undefined, clock: Clock): Transport {
  return {
    async send(message) {
      const rawBody = JSON.stringify({ id: message.id, kind: message.kind, to: message.destination, text: message.body });
      const timestamp = String(Math.floor(clock.now().getTime() / 1000));
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-orchard-timestamp': timestamp };
      if (secret) headers['x-orchard-signature'] = `sha256=${signSmsPayload(secret, timestamp, rawBody)}`;
      const response = await fetch(url, { method: 'POST', headers, body: rawBody, signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

const OUTBOX_MAX_ATTEMPTS = 6;
/** 30 s, 2 min, 8 min, 32 min, then hourly. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 3_600_000);
}
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

/**
 * Delivers queued messages. Rows are claimed with `for update skip locked`, so several instances
 * can run workers side by side; a row left `sending` by a crash is picked up again after its claim
 * runs out. Failures back off and the status stays on the row for the operator's outbox view.
 */
export class OutboxWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly transports: Partial<Record<OutboxChannel, Transport>>,
    /** Development shows the full address in the "message logged" line; elsewhere it is masked. */
    private readonly logOptions: { fullDestination: boolean } = { fullDestination: false },
  ) {}

  static fromConfig(db: Db, config: Config, clock: Clock, log: FastifyBaseLogger): OutboxWorker {
    const transports: Partial<Record<OutboxChannel, Transport>> = {};
    if (config.SMTP_URL) transports.email = createEmailTransport(config.SMTP_URL, config.MAIL_FROM);
    if (config.SMS_WEBHOOK_URL) transports.sms = createSmsTransport(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_SECRET, clock);
    return new OutboxWorker(db, clock, log, transports, { fullDestination: config.NODE_ENV === 'development' });
  }

  start(pollMs: number): void {
    if (pollMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
  }

  /** Deliver soon, without making the caller wait. */
  kick(): void {
    if (this.stopped) return;
    void this.drain().catch((error: unknown) => this.log.error({ err: error }, 'outbox delivery failed'));
  }

  /** Deliver everything due now; resolves when done (tests await it). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.deliverBatch()) > 0) {
            /* keep going while rows are due */
          }
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    for (const transport of Object.values(this.transports)) transport?.close?.();
  }

  private async deliverBatch(): Promise<number> {
    const now = this.clock.now();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
          and(eq(outbox.status, 'sending'), lte(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, lockedUntil: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(outbox.id, due))
      .returning();
    for (const row of claimed) await this.deliverOne(row);
    return claimed.length;
  }

  private async deliverOne(row: typeof outbox.$inferSelect): Promise<void> {
    const transport = this.transports[row.channel];
    const now = this.clock.now();
    if (!transport) {
      // Development default: no mail server or SMS provider, so the log and the operator's outbox view deliver it.
      this.log.info(
        { outboxId: row.id, channel: row.channel, to: row.destination, subject: row.subject, body: row.body },
        undeliveredMessageLine(row, this.logOptions),
      );
      await this.db.update(outbox).set({ status: 'logged', sentAt: now, lockedUntil: null }).where(eq(outbox.id, row.id));
      return;
    }
    try {
      await transport.send(row);
      // `secret` holds one secret per line (a link token and a code, say).
      const secrets = (row.secret ?? '').split('\n').filter(Boolean);
      const blank = (text: string) => secrets.reduce((result, secret) => result.replaceAll(secret, '••••••'), text);
      await this.db
        .update(outbox)
        .set({
          status: 'sent',
          sentAt: this.clock.now(),
          lockedUntil: null,
          lastError: null,
          subject: blank(row.subject),
          body: blank(row.body),
          secret: null,
        })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      this.log.warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: message },
        failed ? 'outbox: giving up' : 'outbox: will retry',
      );
      await this.db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 500),
          lockedUntil: null,
          nextAttemptAt: new Date(this.clock.now().getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
    }
  }
}
