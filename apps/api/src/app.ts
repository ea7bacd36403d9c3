import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@orchard/shared';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AdjustableClock, systemClock, type Clock } from './lib/clock';
import { DYNAMIC_BROTLI_OPTIONS } from './lib/compression';
import { loggerOptions, registerRequestLog } from './lib/logger';
import { stopMoneyJobsWhile } from './lib/periodic-job';
import { registerTraceRoutes, traceContext } from './lib/trace-context';
import {
  accountRoutes,
  accountsPlugin,
  findLiveSession,
  isAccountAction,
  passkeyRoutes,
  readSessionToken,
  secondFactorRoutes,
  SESSION_COOKIE,
} from './modules/accounts/index';
import { adminRoutes } from './modules/admin/index';
import { consoleEntriesWritten } from './modules/audit/index';
import { adminMaintenanceRoutes, MaintenanceSwitch, maintenanceRoutes, systemRoutes, testClockRoutes } from './modules/system/index';
import { adminLedgerRoutes } from './modules/admin-ledger/index';
import { adminReconciliationRoutes } from './modules/reconciliation/index';
import { adminApprovalRoutes, approvalExpiryJob } from './modules/approvals/index';
import { demoCheckoutRoutes, paymentWebhookRoutes, rechargeRoutes } from './modules/recharge/index';
import { walletRoutes } from './modules/wallet/index';
import { adminPlanRoutes, commissionReleaseJob, planRoutes } from './modules/plans/index';
import { eventHubPlugin, eventRoutes } from './modules/events/index';
import { adminDashboardRoutes, dashboardRollupJob } from './modules/dashboard/index';
import { disclosureJob, disclosureRoutes } from './modules/disclosure/index';
import { dataExportRoutes } from './modules/data-export/index';
import { adminSupportRoutes, supportRoutes } from './modules/support/index';
import { accountClosureRoutes, adminClosureRoutes } from './modules/account-closure/index';
import { notificationJobs, notificationRoutes } from './modules/notifications/index';
import { adminBooksRoutes, booksRoutes, booksSealJob, booksWellKnownRoutes, ledgerChainJob, ledgerCheckJob } from './modules/books/index';
import { adminContentRoutes, contentRoutes } from './modules/content/index';
import { adminTeamRoutes, recordRegistrationSignals, recordSignInSignals, teamRoutes } from './modules/team/index';
import { adminWithdrawalRoutes, withdrawalRoutes } from './modules/withdrawals/index';
import { idempotencyPlugin } from './plugins/idempotency';
import { registerRouteAccess } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { maintenancePlugin } from './plugins/maintenance';
import { metricsPlugin } from './plugins/metrics';
import { readCachesPlugin } from './plugins/read-caches';
import { replicaReadsPlugin } from './plugins/read-replica';
import { ReadReplica } from './db/replica';
import { operatorScope } from './plugins/operator-scope';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { requestValidatorCompiler } from './plugins/request-text';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The read replica of a PostgreSQL database (DATABASE_REPLICA_URL), for the reads chosen for it (plugins/read-replica.ts). */
  replica?: DatabaseHandle;
  /** Built web app to serve; omitted in API-only tests. */
  webDistDir?: string;
  /** Time source for every rule that depends on time; tests pass a ManualClock. */
  clock?: Clock;
  /** Log lines go here instead of stdout (tests read them back). */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    clock: Clock;
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The Fastify instance with the app's server options: logging, proxies, body limit, request ids, errors before routing. */
function createServer(config: Config, logStream: AppOptions['logStream']) {
  return Fastify({
    logger: loggerOptions(config, { stream: logStream }),
    // registerRequestLog writes one line per request, at a level that depends on what was asked for.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies in front (Fastify's own rule for a number; its types
    // only take a function); a list trusts those addresses. Never `true` (see config.ts).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Errors raised before any route runs (the router, Node's HTTP parser) get the error shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
}

/** The replica's router: passed over beyond REPLICA_MAX_LAG_MS, its lag measured by the app clock, each failed read logged. */
function readReplica(app: FastifyInstance, replica: DatabaseHandle): ReadReplica {
  return new ReadReplica(replica, {
    maxLagMs: app.config.REPLICA_MAX_LAG_MS,
    now: () => app.clock.now().getTime(),
    onFallback: (error) => app.log.warn({ err: error }, 'the read replica failed a read; the primary answered it'),
  });
}

/** Every API route under API_PREFIX: the members' modules, then the console's inside the one operator scope. */
const apiRoutes: FastifyPluginAsyncZod<{ maintenance: MaintenanceSwitch }> = async (api, { maintenance }) => {
  api.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await api.register(accountRoutes);
  await api.register(passkeyRoutes);
  await api.register(secondFactorRoutes);
  await api.register(walletRoutes);
  await api.register(rechargeRoutes);
  await api.register(planRoutes);
  await api.register(paymentWebhookRoutes);
  await api.register(withdrawalRoutes);
  await api.register(teamRoutes);
  await api.register(contentRoutes);
  await api.register(eventRoutes);
  await api.register(maintenanceRoutes, { maintenance });
  await api.register(booksRoutes);
  await api.register(disclosureRoutes);
  await api.register(dataExportRoutes);
  await api.register(accountClosureRoutes);
  await api.register(notificationRoutes);
  await api.register(supportRoutes);
  // Every operator route lives inside the one operator scope (guard, permissions, audit check).
  await api.register(operatorScope, {
    prefix: '/admin',
    isAccountAction,
    auditEntriesWritten: consoleEntriesWritten,
    routes: [
      adminLedgerRoutes,
      adminRoutes,
      adminPlanRoutes,
      adminWithdrawalRoutes,
      adminTeamRoutes,
      adminContentRoutes,
      adminDashboardRoutes,
      adminBooksRoutes,
      adminReconciliationRoutes,
      adminClosureRoutes,
      adminApprovalRoutes,
      adminSupportRoutes,
      async (admin) => admin.register(adminMaintenanceRoutes, { maintenance }),
    ],
  });
};

/** Builds the whole app without listening, so tests drive it with `app.inject`. */
export async function buildApp({ config, database, replica, webDistDir, clock = systemClock, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = createServer(config, logStream);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('clock', clock);
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app);
  const tracing = traceContext();
  if (tracing) registerTraceRoutes(app, tracing);
  // JSON only: a text/plain body is what a cross-site form or simple request can send without a preflight.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: DYNAMIC_BROTLI_OPTIONS });
  await registerOpenApi(app, config.APP_NAME);
  await app.register(idempotencyPlugin);
  await app.register(readCachesPlugin);
  await app.register(replicaReadsPlugin, { replica: replica && readReplica(app, replica) });
  const sessionRules = { consoleIdleMs: config.CONSOLE_IDLE_MINUTES * 60_000 };
  await app.register(authPlugin, {
    sessions: { tokenOf: readSessionToken, find: (db, token, now) => findLiveSession(db, token, now, sessionRules) },
  });
  // Every API route declares who may call it; one that does not refuses to register.
  registerRouteAccess(app);
  // Maintenance mode: money-moving requests answer 503 while it is on (the deploy's key or the operator's switch).
  const maintenance = new MaintenanceSwitch({ db: database.db, clock, config });
  await app.register(maintenancePlugin, { isOn: () => maintenance.isOn() });
  stopMoneyJobsWhile(app, () => maintenance.isOn());
  // Prometheus metrics behind METRICS_TOKEN (off without it).
  // The last ledger check's findings, from the books job to /metrics (plugins import no module, rule 14).
  let ledgerFindings: number | null = null;
  await app.register(metricsPlugin, { ledgerFindings: () => ledgerFindings });
  // Sign-ins and registrations record the team's self-referral signals in their own transaction.
  await app.register(accountsPlugin, { signals: { signedIn: recordSignInSignals, registered: recordRegistrationSignals } });

  await app.register(systemRoutes, { database });
  await app.register(commissionReleaseJob);
  await app.register(dashboardRollupJob);
  await app.register(approvalExpiryJob);
  await app.register(disclosureJob);
  await app.register(notificationJobs);
  await app.register(ledgerChainJob);
  await app.register(booksSealJob);
  await app.register(ledgerCheckJob, { report: (findings: number) => (ledgerFindings = findings) });
  await app.register(booksWellKnownRoutes);
  await app.register(eventHubPlugin);
  // Browser journeys move time forward (holding periods); only with TEST_CLOCK and an adjustable clock.
  if (config.TEST_CLOCK && clock instanceof AdjustableClock) await app.register(testClockRoutes, { clock });
  await app.register(apiRoutes, { prefix: API_PREFIX, maintenance });

  // The card gateway's test checkout, served by the app itself while demo data is on (recharge/demo-checkout.ts).
  if (config.SEED_DEMO) await app.register(demoCheckoutRoutes, { root: app });

  await registerWebApp(app, {
    distDir: webDistDir,
    sessionCookie: SESSION_COOKIE,
    config: { appName: config.APP_NAME, apiBaseUrl: config.PUBLIC_API_BASE_URL, currency: config.CURRENCY },
  });

  return app;
}
