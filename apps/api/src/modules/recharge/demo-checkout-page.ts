import { LANGUAGES, type Language } from '@orchard/shared';
import { minorToDecimalString } from '@orchard/shared/money';
import { translateTemplate } from '../../i18n/translate';

/**
 * The demo checkout's pages (demo-checkout.ts serves them): plain server-rendered HTML with no
 * script of its own, styled inline in the app's look (green accent, cool grays, rounded cards,
 * light and dark), in the request's language. A stand-in for a payment provider's test mode.
 */

interface CheckoutOrder {
  id: string;
  reference: string;
  amount: number;
  currency: string;
}

/** What one page shows: the form to pay, or the state a payment left the order in. */
export type CheckoutState =
  | { kind: 'pay'; card: string; cardError?: string }
  | { kind: 'declined' }
  | { kind: 'paid' }
  | { kind: 'closed'; reason: 'expired' | 'cancelled' | 'rejected' | 'checking' }
  | { kind: 'not_found' }
  | { kind: 'unreachable' };

export interface CheckoutPage {
  language: Language;
  appName: string;
  /** The checkout's own address for this order (forms post to it, links switch language). */
  checkoutPath: string;
  /** Absent on the not-found page. */
  order?: CheckoutOrder;
  state: CheckoutState;
}

/** The card number a test checkout offers (any number that passes the Luhn check is taken). */
export const TEST_CARD = '4242 4242 4242 4242';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', zh: '中文' };

function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The page's texts outside the templates (the API's text check reads them here; translations in @orchard/shared/i18n). */
const TEXTS = {
  payMerchant: 'Pay {appName}',
  reference: 'Order reference',
  card: 'Card number',
  cardHint: 'Test mode: any card number that passes the card check works, such as {card}. No card is charged.',
  pay: 'Pay {amount}',
  fail: 'Fail payment',
  note: 'Pay sends {appName} the signed payment notice a real gateway sends, and the order is credited. Fail declines the payment: nothing is credited.',
  cancel: 'Cancel and return to {appName}',
  return: 'Return to {appName}',
  tryAgain: 'Try again',
  languages: 'Page language',
  title: 'Test checkout for {appName}',
  brand: 'Test checkout',
  testMode: 'Test mode',
  footer: 'A demo payment page served by {appName} in demo mode. No real money moves.',
} as const;

type Translate = (template: string, values?: Record<string, string | number>) => string;

/** Escaped text in the page's language. */
function translator(language: Language): Translate {
  return (template, values = {}) => escapeHtml(translateTemplate(language, template, values));
}

/** Integer minor units in the currency, in the page's language ("$10.00", "10,00 US$", "US$10.00"). */
function formatAmount(minor: number, currency: string, language: Language): string {
  const format = new Intl.NumberFormat(language === 'en' ? 'en-US' : language === 'zh' ? 'zh-CN' : language, {
    style: 'currency',
    currency,
  });
  // Intl formats a decimal string exactly (as the web app's formatMoney does); the cast satisfies older typings.
  return format.format(minorToDecimalString(minor, format.resolvedOptions().maximumFractionDigits ?? 2) as unknown as number);
}

/** The address of the checkout for `order` in `language`, with extra query values. */
function checkoutHref(
  page: Pick<CheckoutPage, 'checkoutPath' | 'order'>,
  language: Language,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ order: page.order?.id ?? '', reference: page.order?.reference ?? '', lang: language, ...extra });
  return `${page.checkoutPath}?${query.toString()}`;
}

const ICONS = {
  check: '<path d="M20 6 9 17l-5-5"/>',
  cross: '<path d="M18 6 6 18"/><path d="m6 6 12 12"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
};

function icon(name: keyof typeof ICONS): string {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</svg>`;
}

function orderSummary(page: CheckoutPage, t: Translate): string {
  const order = page.order!;
  return `<p class="merchant">${t(TEXTS.payMerchant, { appName: page.appName })}</p>
<p class="amount">${escapeHtml(formatAmount(order.amount, order.currency, page.language))}</p>
<dl class="details"><dt>${t(TEXTS.reference)}</dt><dd>${escapeHtml(order.reference)}</dd></dl>`;
}

function payForm(page: CheckoutPage, state: Extract<CheckoutState, { kind: 'pay' }>, t: Translate): string {
  const order = page.order!;
  const amount = formatAmount(order.amount, order.currency, page.language);
  const error = state.cardError ? `<p class="field-error" id="card-error">${t(state.cardError)}</p>` : '';
  const described = state.cardError ? 'card-hint card-error' : 'card-hint';
  return `<section class="card" aria-labelledby="title">
<h1 id="title" class="sr-only">${t(TEXTS.payMerchant, { appName: page.appName })}</h1>
${orderSummary(page, t)}
<form method="post" action="${escapeHtml(page.checkoutPath)}" class="form" novalidate>
<input type="hidden" name="order" value="${escapeHtml(order.id)}">
<input type="hidden" name="reference" value="${escapeHtml(order.reference)}">
<input type="hidden" name="lang" value="${page.language}">
<div class="field">
<label for="card">${t(TEXTS.card)}</label>
<input id="card" name="card" value="${escapeHtml(state.card)}" inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false" aria-describedby="${described}"${state.cardError ? ' aria-invalid="true" autofocus' : ''}>
${error}<p class="hint" id="card-hint">${t(TEXTS.cardHint, { card: TEST_CARD.replaceAll(' ', '\u00a0') })}</p>
</div>
<button class="button primary" type="submit" name="outcome" value="pay">${t(TEXTS.pay, { amount })}</button>
<button class="button secondary" type="submit" name="outcome" value="fail">${t(TEXTS.fail)}</button>
</form>
<p class="note">${t(TEXTS.note, { appName: page.appName })}</p>
</section>
<a class="back" href="/recharge/confirm/${escapeHtml(order.id)}">${t(TEXTS.cancel, { appName: page.appName })}</a>`;
}

function resultPanel(tone: 'success' | 'danger' | 'pending', title: string, body: string, actions: string): string {
  const symbol = tone === 'success' ? icon('check') : tone === 'danger' ? icon('cross') : icon('clock');
  return `<section class="card result" aria-labelledby="title">
<span class="badge ${tone}">${symbol}</span>
<h1 id="title">${title}</h1>
<p class="lead">${body}</p>
<div class="actions">${actions}</div>
</section>`;
}

function returnLink(page: CheckoutPage, t: Translate, variant: 'primary' | 'secondary'): string {
  const href = page.order ? `/recharge/confirm/${escapeHtml(page.order.id)}` : '/home';
  return `<a class="button ${variant}" href="${href}">${t(TEXTS.return, { appName: page.appName })}</a>`;
}

const CLOSED_REASONS = {
  expired: 'It expired before it was paid. Start a new recharge in {appName}.',
  cancelled: 'It was cancelled. Start a new recharge in {appName}.',
  rejected: 'It was rejected. Start a new recharge in {appName}.',
  checking: 'A payment for it is being checked. You do not need to pay again.',
} as const;

function stateBody(page: CheckoutPage, t: Translate): string {
  const { state } = page;
  const appName = page.appName;
  switch (state.kind) {
    case 'pay':
      return payForm(page, state, t);
    case 'paid': {
      const amount = formatAmount(page.order!.amount, page.order!.currency, page.language);
      const body = t('{amount} was paid to {appName} for order {reference}. It is added to your wallet now.', {
        amount,
        appName,
        reference: page.order!.reference,
      });
      return resultPanel('success', t('Payment approved'), body, returnLink(page, t, 'primary'));
    }
    case 'declined': {
      const retry = `<a class="button primary" href="${escapeHtml(checkoutHref(page, page.language))}">${t(TEXTS.tryAgain)}</a>`;
      const body = t('No money was taken and nothing was credited. Your order is still waiting for payment.');
      return resultPanel('danger', t('Payment declined'), body, retry + returnLink(page, t, 'secondary'));
    }
    case 'closed':
      return resultPanel(
        'pending',
        t('This order cannot be paid here'),
        t(CLOSED_REASONS[state.reason], { appName }),
        returnLink(page, t, 'primary'),
      );
    case 'unreachable':
      return resultPanel(
        'danger',
        t('The payment did not go through'),
        t('The test gateway could not reach {appName}. Nothing was credited. Try again in a moment.', { appName }),
        `<a class="button primary" href="${escapeHtml(checkoutHref(page, page.language))}">${t(TEXTS.tryAgain)}</a>${returnLink(page, t, 'secondary')}`,
      );
    case 'not_found':
      return resultPanel(
        'danger',
        t('Payment not found'),
        t('This payment link does not match an order of yours. Sign in to {appName} and open the payment page from your order.', {
          appName,
        }),
        returnLink(page, t, 'primary'),
      );
  }
}

function languageLinks(page: CheckoutPage, t: Translate): string {
  if (!page.order) return '';
  const links = LANGUAGES.map((language) =>
    language === page.language
      ? `<a aria-current="true" lang="${language}" href="${escapeHtml(checkoutHref(page, language))}">${NATIVE_NAMES[language]}</a>`
      : `<a lang="${language}" hreflang="${language}" href="${escapeHtml(checkoutHref(page, language))}">${NATIVE_NAMES[language]}</a>`,
  );
  return `<nav class="languages" aria-label="${t(TEXTS.languages)}">${links.join('')}</nav>`;
}

/** One whole page of the demo checkout. */
export function renderCheckoutPage(page: CheckoutPage): string {
  const t = translator(page.language);
  return `<!doctype html>
<html lang="${page.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${t(TEXTS.title, { appName: page.appName })}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script src="/theme-init.js"></script>
<style>${CHECKOUT_CSS}</style>
</head>
<body>
<header class="bar"><span class="brand"><span class="mark" aria-hidden="true"></span>${t(TEXTS.brand)}</span><span class="pill">${t(TEXTS.testMode)}</span></header>
<main class="column">
${stateBody(page, t)}
</main>
<footer class="column footer">${languageLinks(page, t)}<p>${t(TEXTS.footer, { appName: page.appName })}</p></footer>
</body>
</html>`;
}

const DARK = `--bg:#030712;--surface:#111827;--text:#f3f4f6;--muted:#9ca3af;--border:#1f2937;--field:#030712;--field-border:#374151;
--primary:#22c55e;--primary-hover:#4ade80;--on-primary:#030712;--secondary-hover:#1f2937;--focus:#22c55e;
--pill-bg:#451a03;--pill-text:#fcd34d;--success-bg:#052e16;--success:#4ade80;--danger-bg:#450a0a;--danger:#f87171;--pending-bg:#451a03;--pending:#fbbf24;color-scheme:dark;`;

/** The app's tokens (apps/web/src/theme.css: green primary, Tailwind's cool grays), as plain CSS. */
const CHECKOUT_CSS = `:root{--bg:#f9fafb;--surface:#fff;--text:#111827;--muted:#4b5563;--border:#e5e7eb;--field:#fff;--field-border:#d1d5db;
--primary:#15803d;--primary-hover:#166534;--on-primary:#fff;--secondary-hover:#f9fafb;--focus:#16a34a;
--pill-bg:#fef3c7;--pill-text:#92400e;--success-bg:#dcfce7;--success:#15803d;--danger-bg:#fee2e2;--danger:#b91c1c;--pending-bg:#fef3c7;--pending:#b45309;color-scheme:light}
html.dark{${DARK}}
@media (prefers-color-scheme:dark){html:not([data-theme-preference]){${DARK}}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;background:var(--bg);color:var(--text);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-font-smoothing:antialiased}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.bar{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:calc(12px + env(safe-area-inset-top)) 16px 12px;border-bottom:1px solid var(--border);background:var(--surface)}
.brand{display:flex;align-items:center;gap:8px;font-weight:600}
.mark{width:20px;height:20px;border-radius:6px;background:var(--primary)}
.pill{border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600;background:var(--pill-bg);color:var(--pill-text)}
.column{width:100%;max-width:28rem;margin:0 auto;padding:16px}
main.column{display:flex;flex-direction:column;gap:16px;padding-top:24px}
.card{display:flex;flex-direction:column;gap:16px;padding:20px;border:1px solid var(--border);border-radius:16px;background:var(--surface)}
.merchant{margin:0;color:var(--muted);font-size:14px}
.amount{margin:-12px 0 0;font-size:36px;font-weight:700;letter-spacing:-0.01em;font-variant-numeric:tabular-nums}
.details{display:flex;justify-content:space-between;gap:16px;margin:0;padding-top:12px;border-top:1px solid var(--border);font-size:14px}
.details dt{color:var(--muted)}.details dd{margin:0;font-weight:600;letter-spacing:0.04em;font-variant-numeric:tabular-nums}
.form{display:flex;flex-direction:column;gap:12px}
.field{display:flex;flex-direction:column;gap:6px}
label{font-size:14px;font-weight:500}
input{min-height:48px;width:100%;padding:0 12px;border:1px solid var(--field-border);border-radius:12px;background:var(--field);color:var(--text);font:inherit;font-size:18px;letter-spacing:0.06em;font-variant-numeric:tabular-nums}
input[aria-invalid=true]{border-color:var(--danger)}input[aria-invalid=true]:focus-visible{outline-color:var(--danger)}
.hint,.note{margin:0;font-size:13px;color:var(--muted)}
.field-error{margin:0;font-size:14px;color:var(--danger)}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;width:100%;padding:0 16px;border:0;border-radius:12px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.primary{background:var(--primary);color:var(--on-primary)}.primary:hover{background:var(--primary-hover)}
.secondary{background:var(--surface);color:var(--text);box-shadow:inset 0 0 0 1px var(--field-border)}.secondary:hover{background:var(--secondary-hover)}
:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
.back{align-self:center;padding:12px;color:var(--muted);font-size:14px}
.result{align-items:center;text-align:center}.result h1{margin:0;font-size:22px}.lead{margin:0;color:var(--muted)}
.actions{display:flex;flex-direction:column;gap:8px;width:100%}
.badge{display:grid;place-items:center;width:56px;height:56px;border-radius:999px}
.badge.success{background:var(--success-bg);color:var(--success)}.badge.danger{background:var(--danger-bg);color:var(--danger)}.badge.pending{background:var(--pending-bg);color:var(--pending)}
.icon{width:28px;height:28px}
.footer{display:flex;flex-direction:column;align-items:center;gap:8px;padding-bottom:calc(24px + env(safe-area-inset-bottom));text-align:center;font-size:13px;color:var(--muted)}
.footer p{margin:0}
.languages{display:flex;gap:4px}.languages a{padding:10px 12px;border-radius:10px;color:var(--muted);text-decoration:none}
.languages a[aria-current]{color:var(--text);font-weight:600;background:var(--surface);box-shadow:inset 0 0 0 1px var(--border)}
@media (min-width:768px){main.column{padding-top:64px}.card{padding:28px}}`;
