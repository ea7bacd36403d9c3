import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, isLanguage, type Language, type PaymentWebhookEvent } from '@orchard/shared';
import { requestLanguage } from '../../i18n/translate';
import { isUuid } from '../../lib/uuid';
import { findLiveSession, findUserById, readSessionToken } from '../accounts/index';
import { DEMO_CHECKOUT_PATH, isDemoCheckoutChannel } from './demo-channels';
import { renderCheckoutPage, TEST_CARD, type CheckoutPage, type CheckoutState } from './demo-checkout-page';
import * as repo from './repository';
import { webhookSecretOf } from './webhook-event';
import { signatureHeader } from './webhook';

/*
 * The demo gateway's checkout (WEBHOOK.md, "The demo gateway"): with demo data on (SEED_DEMO), the
 * app serves a payment provider's test mode itself, so the card channel works on a fresh clone with
 * no outside service. GET shows the order's amount and reference with a card number field, "Pay"
 * and "Fail"; POST sends the app the gateway's webhook for real: the event signed with the
 * channel's secret (HMAC-SHA256 over the raw body and a timestamp, webhook.ts) and delivered to
 * POST /api/v1/webhooks/payments/{channel} through the app's own HTTP handling, which verifies and
 * applies it like any gateway's. Off (404) unless demo data is on.
 *
 * Who may pay here: only the member who placed the order, signed in, for an order of a gateway
 * channel whose payment page is this checkout (isDemoCheckoutChannel). A channel the operator
 * points at a real gateway is never paid here, so its secret never signs a pretend payment.
 * The card number is checked (Luhn) and then forgotten: never stored or logged.
 */

const NOT_OPEN = { expired: 'expired', cancelled: 'cancelled', rejected: 'rejected', submitted: 'checking' } as const;

interface Found {
  language: Language;
  order?: repo.OrderWithChannel;
}

/** The language asked for in the address, else the member's own, else the browser's. */
async function languageOf(app: FastifyInstance, request: FastifyRequest, asked: unknown, userId: string | null): Promise<Language> {
  if (isLanguage(asked)) return asked;
  const user = userId ? await findUserById(app.database.db, userId) : undefined;
  return isLanguage(user?.language) ? user.language : requestLanguage(request);
}

/** The signed-in member's own order on a demo-checkout channel, matching the reference in the address. */
async function findCheckout(app: FastifyInstance, request: FastifyRequest, input: Record<string, unknown>): Promise<Found> {
  const token = readSessionToken(request, app.config);
  const session = token ? await findLiveSession(app.database.db, token, app.clock.now()) : null;
  const language = await languageOf(app, request, input.lang, session?.userId ?? null);
  const orderId = typeof input.order === 'string' ? input.order : '';
  if (!session || !isUuid(orderId)) return { language };
  const order = await repo.findOrder(app.database.db, orderId, { userId: session.userId });
  if (!order || order.reference !== input.reference || !isDemoCheckoutChannel(order.channel)) return { language };
  return { language, order };
}

/** What the order's state leaves to show: the form while it waits for payment. */
function stateOf(order: repo.OrderWithChannel, now: Date, declined: boolean, card = TEST_CARD): CheckoutState {
  const status = order.status === 'awaiting_payment' && order.expiresAt.getTime() <= now.getTime() ? 'expired' : order.status;
  if (status === 'credited') return { kind: 'paid' };
  if (status === 'awaiting_payment') return declined ? { kind: 'declined' } : { kind: 'pay', card };
  return { kind: 'closed', reason: NOT_OPEN[status] };
}

function sendPage(app: FastifyInstance, reply: FastifyReply, status: number, found: Found, state: CheckoutState) {
  const { order } = found;
  const page: CheckoutPage = {
    language: found.language,
    appName: app.config.APP_NAME,
    checkoutPath: DEMO_CHECKOUT_PATH,
    order: order && { id: order.id, reference: order.reference, amount: order.amount, currency: order.currency },
    state,
  };
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderCheckoutPage(page));
}

/** Why a card number is refused, or null: 12–19 digits (spaces allowed) passing the Luhn check. */
export function cardNumberProblem(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return 'Enter the card number: 12 to 19 digits.';
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0 ? null : 'This card number does not pass the card check. Check the digits.';
}

/**
 * The gateway's event for this order, signed and delivered to the webhook endpoint. A payment has
 * one event id and one payment reference per order, so a second "Pay" (a double click, a reload)
 * is a duplicate the webhook ignores, never a second payment to flag.
 */
async function deliverEvent(app: FastifyInstance, order: repo.OrderWithChannel, type: PaymentWebhookEvent['type']): Promise<string | null> {
  const event: PaymentWebhookEvent = {
    id: type === 'payment.succeeded' ? `evt_demo_paid_${order.id}` : `evt_demo_failed_${randomUUID()}`,
    type,
    data: {
      orderId: order.id,
      reference: order.reference,
      amount: order.amount,
      currency: order.currency,
      ...(type === 'payment.succeeded' ? { paymentReference: `demo_${order.reference}` } : {}),
    },
  };
  const body = JSON.stringify(event);
  const secret = await webhookSecretOf({ db: app.database.db }, order.channelCode);
  const timestamp = Math.floor(app.clock.now().getTime() / 1000);
  const response = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/webhooks/payments/${encodeURIComponent(order.channelCode)}`,
    headers: { 'content-type': 'application/json', 'orchard-signature': signatureHeader(secret, timestamp, body) },
    payload: body,
  });
  if (response.statusCode !== 200) {
    app.log.error({ orderId: order.id, status: response.statusCode }, 'demo checkout: the webhook was refused');
    return null;
  }
  return (response.json() as { outcome: string }).outcome;
}

function formValues(body: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) if (!(key in values)) values[key] = value.slice(0, 200);
  return values;
}

/** Registered by app.ts only when SEED_DEMO is on; `root` is the app whose webhook endpoint receives the events. */
export const demoCheckoutRoutes: FastifyPluginAsync<{ root: FastifyInstance }> = async (scope, { root: app }) => {
  // The checkout's form posts the way a gateway's page does: as a plain HTML form.
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, formValues(body as string)),
  );

  scope.get(DEMO_CHECKOUT_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const found = await findCheckout(app, request, query);
    if (!found.order) return sendPage(app, reply, 404, found, { kind: 'not_found' });
    return sendPage(app, reply, 200, found, stateOf(found.order, app.clock.now(), query.declined === '1'));
  });

  scope.post(DEMO_CHECKOUT_PATH, async (request, reply) => {
    const form = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {};
    const found = await findCheckout(app, request, form);
    const order = found.order;
    if (!order) return sendPage(app, reply, 404, found, { kind: 'not_found' });
    const back = `${DEMO_CHECKOUT_PATH}?${new URLSearchParams({ order: order.id, reference: order.reference, lang: found.language })}`;
    const state = stateOf(order, app.clock.now(), false, form.card ?? '');
    // Paid, expired, cancelled …: the page says so.
    if (state.kind !== 'pay') return reply.redirect(back, 303);
    const paying = form.outcome === 'pay';
    const cardError = paying ? cardNumberProblem(state.card) : null;
    if (cardError) return sendPage(app, reply, 400, found, { ...state, cardError });
    const outcome = await deliverEvent(app, order, paying ? 'payment.succeeded' : 'payment.failed');
    if (outcome === null) return sendPage(app, reply, 502, found, { kind: 'unreachable' });
    request.log.info({ orderId: order.id, outcome }, 'demo checkout: gateway event delivered');
    return reply.redirect(paying ? back : `${back}&declined=1`, 303);
  });
};
