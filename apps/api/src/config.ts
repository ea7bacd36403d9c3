import { z } from 'zod';
import { AMOUNT_MAX_MINOR_CEILING, BALANCE_MAX_MINOR_CEILING } from '@orchard/shared/money';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const integerFromEnv = (fallback: number, min = 0) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min));

const IP_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)(?:\/\d{1,3})?$/;

/**
 * Which proxies may set X-Forwarded-*: off (unset, `false`, `0`), a hop count (`1` = one load
 * balancer in front), or a comma-separated list of proxy addresses/CIDRs. Never "trust anyone":
 * then any client could forge X-Forwarded-For and dodge every per-IP limit.
 */
const trustProxyFromEnv = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every((item) => IP_OR_CIDR.test(item))) return list;
    context.addIssue({
      code: 'custom',
      message:
        'must be false, the number of proxies in front (e.g. 1 for one load balancer) or a comma-separated list of proxy addresses/CIDRs (true is refused: it lets clients forge X-Forwarded-For)',
    });
    return z.NEVER;
  });

/** Every configuration key the server reads. `.env.example` and README list the same keys. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // This machine only: the first start prints the operator's password. HOST=0.0.0.0 opens it to the network.
  HOST: z.string().default('127.0.0.1'),
  PORT: integerFromEnv(3000, 0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_NAME: z.string().min(1).default('Orchard'),
  PUBLIC_API_BASE_URL: z.string().min(1).default('/api/v1'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
    .default('USD'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where `npm run backup` writes (db/backup.ts); BACKUP_KEEP newest are kept (0 = all). */
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP: integerFromEnv(14, 0),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * A PostgreSQL streaming replica (hot standby) of DATABASE_URL that answers the most-read pages:
   * statements, team views, the console dashboard, the public pages (docs/decisions/0040). PostgreSQL
   * only: ignored, with a warning, on the embedded database.
   */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OPERATOR_PASSWORD: z
    .string()
    .min(8)
    .max(128)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The first operator's authenticator secret (RFC 4648 base32, 32–128 characters), set when the
   * account is created: the console asks for its codes. Unset: the demo secret while SEED_DEMO is
   * on, otherwise the operator sets up an authenticator at the first sign-in.
   */
  OPERATOR_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{32,128}$/, 'must be base32 (A–Z, 2–7), 32 to 128 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Bearer token of GET /metrics (Prometheus); unset: no /metrics (404). At least 16 characters. */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Maintenance mode from the deploy: money-moving requests answer 503 MAINTENANCE, reads go on (plugins/maintenance.ts). */
  MAINTENANCE_MODE: booleanFromEnv,
  /** A console session (operator, support, finance) ends after this many minutes without a request. */
  CONSOLE_IDLE_MINUTES: integerFromEnv(30, 1),
  /**
   * The key(s) sealing the console's TOTP secrets (AES-256-GCM, lib/secret-box.ts): `id:base64` of
   * 32 bytes, comma-separated, the first encrypting. Required in production unless SEED_DEMO (start.ts).
   */
  SECOND_FACTOR_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44}(\s*,\s*[A-Za-z0-9_-]{1,32}:[A-Za-z0-9+/=_-]{43,44})*$/, 'must be id:base64 of 32 bytes, comma-separated')
    .optional(),
  /** A console money action needs the second factor proved again within this many minutes. */
  CONSOLE_STEP_UP_MINUTES: integerFromEnv(5, 1),
  TRUST_PROXY: trustProxyFromEnv,
  WEB_DIST_DIR: z.string().optional(),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  // Accounts and delivery (issue 3).
  REQUIRE_INVITE: booleanFromEnv,
  REGISTRATIONS_PER_IP_PER_DAY: integerFromEnv(20, 1),
  MAX_SESSIONS_PER_MEMBER: integerFromEnv(10, 1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Orchard <no-reply@orchard.local>'),
  SMS_WEBHOOK_URL: z
    .string()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_WEBHOOK_SECRET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be an origin such as https://orchard.example (no path)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  OUTBOX_POLL_MS: integerFromEnv(2000, 0),
  // Ledger and recharge (issue 4).
  RECHARGE_ORDER_TTL_MINUTES: integerFromEnv(30, 1),
  IDEMPOTENCY_KEY_TTL_HOURS: integerFromEnv(24, 24),
  RECHARGE_MAX_OPEN_ORDERS: integerFromEnv(5, 1),
  WEBHOOK_TOLERANCE_SECONDS: integerFromEnv(300, 1),
  /** Live update streams (GET /events) one member, and one client address, may hold open on each instance. */
  EVENT_STREAMS_PER_MEMBER: integerFromEnv(5, 1),
  EVENT_STREAMS_PER_ADDRESS: integerFromEnv(20, 1),
  /** Images one person may upload in any 24 hours, in MiB (content images; at most 100 images too). */
  UPLOAD_QUOTA_MIB_PER_DAY: integerFromEnv(16, 1),
  /** Withdrawals one member may have waiting in the payout queue at once. */
  WITHDRAWALS_MAX_PENDING: integerFromEnv(5, 1),
  // Plans and commissions (issue 11): how often each instance releases commissions whose holding period is over (0 = never).
  COMMISSION_RELEASE_POLL_MS: integerFromEnv(60_000, 0),
  /** How often each instance links committed ledger transactions into the hash chain (docs/decisions/0028; 0 = never). */
  LEDGER_CHAIN_POLL_MS: integerFromEnv(5_000, 0),
  /** How often each instance seals the days that are over (docs/decisions/0028; 0 = only from the console). */
  BOOKS_SEAL_POLL_MS: integerFromEnv(60_000, 0),
  /** How often each instance runs the incremental ledger check for /metrics (modules/books/check-job.ts; 0 = never). */
  LEDGER_CHECK_POLL_MS: integerFromEnv(300_000, 0),
  /**
   * The operator's Ed25519 key that signs the sealed days: a base64url 32-byte seed, a PKCS#8 PEM or
   * its base64 DER. Unset: the embedded shape keeps one in DATA_DIR; on PostgreSQL nothing is sealed.
   */
  BOOKS_SIGNING_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often each instance checks that today's earnings disclosure is published (docs/decisions/0031; 0 = never). */
  DISCLOSURE_POLL_MS: integerFromEnv(600_000, 0),
  /** How often each instance turns due notification emails into outbox rows (docs/decisions/0034; 0 = never). */
  NOTIFICATION_MAIL_POLL_MS: integerFromEnv(2_000, 0),
  /** How often each instance looks for members whose daily digest is due (0 = never), and from which UTC hour. */
  NOTIFICATION_DIGEST_POLL_MS: integerFromEnv(300_000, 0),
  NOTIFICATION_DIGEST_HOUR: integerFromEnv(7, 0).pipe(z.number().max(23, 'must be an hour, 0 to 23')),
  /** How often each instance recounts the console dashboard's recent hours (0 = only when the dashboard is read). */
  DASHBOARD_ROLLUP_POLL_MS: integerFromEnv(60_000, 0),
  /** How often each instance marks approval requests past their expiry (docs/decisions/0033; 0 = only when read or decided). */
  APPROVAL_EXPIRY_POLL_MS: integerFromEnv(60_000, 0),
  // Connections each instance keeps to PostgreSQL (DATABASE_URL only). Concurrent money movements beyond it wait for one.
  DATABASE_POOL_SIZE: integerFromEnv(10, 1),
  // Connections each instance keeps to the read replica (DATABASE_REPLICA_URL only).
  DATABASE_REPLICA_POOL_SIZE: integerFromEnv(10, 1),
  /** The replica is passed over (the primary answers) while it is further behind than this many milliseconds. */
  REPLICA_MAX_LAG_MS: integerFromEnv(2_000, 0),
  /** How often each instance looks at the replica's replay position and lag (0 = only at start). */
  REPLICA_CHECK_MS: integerFromEnv(1_000, 0),
  /** How long an instance may answer a read (GET) from its copy of a session or a wallet (docs/decisions/0018); 0 = never. */
  READ_CACHE_MS: integerFromEnv(1_000, 0).pipe(z.number().max(5_000, 'must be at most 5000')),
  // Browser journeys only: a clock that POST /api/test/clock (from loopback) moves forward. Never in production.
  TEST_CLOCK: booleanFromEnv,
  // Money limits (issue 9): the defaults are the ceilings the database enforces; settings may only lower them.
  AMOUNT_MAX_MINOR: integerFromEnv(AMOUNT_MAX_MINOR_CEILING, 1).pipe(
    z.number().max(AMOUNT_MAX_MINOR_CEILING, `must be at most ${AMOUNT_MAX_MINOR_CEILING}`),
  ),
  BALANCE_MAX_MINOR: integerFromEnv(BALANCE_MAX_MINOR_CEILING, 1).pipe(
    z.number().max(BALANCE_MAX_MINOR_CEILING, `must be at most ${BALANCE_MAX_MINOR_CEILING}`),
  ),
});

export type Config = z.infer<typeof envSchema>;

/** Parse the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/** A configuration for tests: defaults plus the given overrides, nothing read from the process. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  // Suites read what they just wrote straight into the tables: no copies unless a suite asks (read-caches.test.ts).
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    COMMISSION_RELEASE_POLL_MS: '0',
    DASHBOARD_ROLLUP_POLL_MS: '0',
    APPROVAL_EXPIRY_POLL_MS: '0',
    DISCLOSURE_POLL_MS: '0',
    NOTIFICATION_MAIL_POLL_MS: '0',
    NOTIFICATION_DIGEST_POLL_MS: '0',
    LEDGER_CHAIN_POLL_MS: '0',
    BOOKS_SEAL_POLL_MS: '0',
    LEDGER_CHECK_POLL_MS: '0',
    READ_CACHE_MS: '0',
    REPLICA_CHECK_MS: '0',
    // Suites move the clock by days with an operator signed in; the console's idle rule has its own
    // suite (console-second-factor.test.ts), which sets the default back.
    CONSOLE_IDLE_MINUTES: '10080',
    CONSOLE_STEP_UP_MINUTES: '10080',
    ...overrides,
  });
}
