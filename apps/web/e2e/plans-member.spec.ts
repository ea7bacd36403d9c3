import { expect, test } from '@playwright/test';
import { createCoupon, createPlan, runSuffix, updatePlan, withOperator, type PlanFixture, type PlanInput } from './plans-support';
import { availableBalance, signInMember, usd } from './wallet-support';

/*
 * The member's side of plans and coupons (issue: member screens of plans and coupons): the plans on
 * sale, one plan with a coupon and its live quote, buying it from the wallet through the confirm
 * sheet, the plan on /plan/log and /home, a price that changed meanwhile, a balance that is short,
 * and a wallet-credit code redeemed on /coupon. Plans and coupons are made per run through the
 * console API; the buyer is the demo member.
 */

const suffix = runSuffix();
const DAY = 86_400_000;
const gold: PlanInput = {
  name: `E2E Gold ${suffix}`,
  description: 'A membership made for this journey.',
  benefits: ['Priority support', 'Member events'],
  price: 1_500,
  // A year, so it is the active plan that ends last (the one /home shows).
  durationDays: 365,
  badge: 'New',
  perMemberLimit: 2,
  stock: 50,
  saleEndsAt: new Date(Date.now() + 300 * DAY).toISOString(),
};
const codes = { plan: `GOLD${suffix}`, credit: `GIFT${suffix}`, missing: `NOPE${suffix}` };
let plan: PlanFixture;
let pricey: PlanFixture;
let drifting: PlanFixture;
const driftingInput: PlanInput = { name: `E2E Drift ${suffix}`, price: 2_000, durationDays: 30 };

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await signInMember(await context.newPage());
  const me = (await (await context.request.get('/api/v1/me')).json()) as { id: string };
  await context.close();
  await withOperator(baseURL!, async (api) => {
    plan = await createPlan(api, gold);
    pricey = await createPlan(api, { name: `E2E Platinum ${suffix}`, price: 9_000_000, durationDays: 30 });
    drifting = await createPlan(api, driftingInput);
    // 20 % off this plan, at most $5.00, given to the demo member: it is in their list, ready to tap.
    await createCoupon(api, {
      code: codes.plan,
      kind: 'percent_off',
      value: 20,
      maxDiscount: 500,
      planIds: [plan.id],
      assignedMemberId: me.id,
    });
    await createCoupon(api, { code: codes.credit, kind: 'wallet_credit', value: 300 });
  });
});

test.describe('plans and coupons for members', () => {
  test('a member finds a plan, tries coupons, buys it with the confirm sheet and sees it on My plans and home', async ({ page }) => {
    await signInMember(page);
    const before = await availableBalance(page.request);

    await page.goto('/plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    const card = page.getByRole('article', { name: gold.name });
    await expect(card).toContainText('$15.00');
    await expect(card).toContainText('for 365 days');
    await expect(card).toContainText('New');
    await expect(card).toContainText('Priority support');
    await expect(card).toContainText('Up to 2 per member');
    await expect(card).toContainText('50 left');
    await expect(card.getByRole('timer', { name: 'Sale ends in' })).toBeVisible();

    // Each card has a button to tap, in words (the whole card is its target too).
    const open = card.getByRole('link', { name: `View plan: ${gold.name}` });
    await expect(open).toHaveText('View plan');
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/plan/${plan.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: gold.name })).toBeVisible();
    const price = page.getByRole('region', { name: 'Your price' });
    await expect(price).toContainText('To pay$15.00');

    // A code that is no coupon: said in words under the field, the price unchanged.
    const field = page.getByLabel('Coupon code');
    await field.fill(codes.missing.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/no coupon/i)).toBeVisible();
    await expect(price).toContainText('To pay$15.00');

    // The member's own coupon, one tap: 20 % of $15.00 is $3.00.
    await page.getByRole('button', { name: `Use ${codes.plan}` }).click();
    await expect(page.getByText(`${codes.plan} applied`)).toBeVisible();
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await expect(price).toContainText(`Discount (${codes.plan})−$3.00`);
    await expect(price).toContainText('To pay$12.00');
    await expect(price).toContainText(`Balance after${usd(before - 1_200)}`);

    await page.getByRole('button', { name: 'Buy for $12.00' }).click();
    const sheet = page.getByRole('dialog', { name: `Buy ${gold.name}?` });
    await expect(sheet).toContainText(`Plan${gold.name}`);
    await expect(sheet).toContainText('Price$15.00');
    await expect(sheet).toContainText(`Discount (${codes.plan})−$3.00`);
    await expect(sheet).toContainText('You pay$12.00');
    await expect(sheet).toContainText(`Balance after${usd(before - 1_200)}`);
    await sheet.getByRole('button', { name: 'Pay $12.00' }).click();

    const done = page.getByRole('status').filter({ hasText: 'Your plan is active' });
    await expect(done).toContainText(`${gold.name} is active until`);
    await expect(done).toContainText('You paid $12.00.');
    expect(await availableBalance(page.request)).toBe(before - 1_200);

    await done.getByRole('link', { name: 'See my plans' }).click();
    await expect(page).toHaveURL(/\/plan\/log$/);
    const bought = page.getByRole('article', { name: gold.name }).first();
    await expect(bought).toContainText('Active');
    await expect(bought).toContainText('Paid$12.00 of $15.00');
    await expect(bought).toContainText(`Coupon${codes.plan}`);
    await expect(bought.getByRole('timer', { name: 'Ends in' })).toBeVisible();
    await page.getByRole('button', { name: 'Refunded', exact: true }).click();
    await expect(page.getByRole('article', { name: gold.name })).toHaveCount(0);
    await page.getByRole('button', { name: 'Active', exact: true }).click();
    await expect(page.getByRole('article', { name: gold.name })).toHaveCount(1);

    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText(usd(before - 1_200));
    const yours = page.getByRole('region', { name: 'Your plan' });
    await expect(yours).toContainText(gold.name);
    await expect(yours).toContainText('Active until');
    await expect(yours.getByRole('timer', { name: 'Plan ends in' })).toBeVisible();

    // The coupon is used now; the plan page says how many of the limit the member holds.
    await page.goto('/coupon');
    await expect(page.getByRole('article', { name: new RegExp(codes.plan) })).toContainText('Used');
    await page.goto('/plan');
    await expect(page.getByRole('article', { name: gold.name })).toContainText('You have 1 of 2');
  });

  test('a price changed since the quote is said plainly, and the new price shows before buying', async ({ page, baseURL }) => {
    await signInMember(page);
    await page.goto(`/plan/${drifting.id}`);
    await expect(page.getByRole('region', { name: 'Your price' })).toContainText('To pay$20.00');
    // The operator raises the price while the member looks at the old one.
    await withOperator(baseURL!, (api) => updatePlan(api, drifting.id, { ...driftingInput, price: 2_400 }));
    await page.getByRole('button', { name: 'Buy for $20.00' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay $20.00' }).click();
    await expect(page.getByRole('alert')).toContainText('The price changed');
    await expect(page.getByRole('region', { name: 'Your price' })).toContainText('To pay$24.00');
    await expect(page.getByRole('button', { name: 'Buy for $24.00' })).toBeEnabled();
  });

  test('not enough in the wallet: what is missing, and Recharge with that amount filled in', async ({ page }) => {
    await signInMember(page);
    const available = await availableBalance(page.request);
    const missing = pricey.price - available;
    await page.goto(`/plan/${pricey.id}`);
    await expect(page.getByText('Not enough in your wallet')).toBeVisible();
    await expect(page.getByText(`You need ${usd(missing)} more to buy this plan.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Buy for/ })).toBeDisabled();
    await page.getByRole('link', { name: `Recharge ${usd(missing)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/recharge\\?amount=${missing}$`));
    // Within the first channel's range the field holds exactly what is missing.
    await expect(page.getByRole('textbox', { name: 'Amount' })).not.toHaveValue('');
  });

  test('a wallet-credit code redeemed on /coupon goes to the balance at once', async ({ page }) => {
    await signInMember(page);
    const before = await availableBalance(page.request);
    await page.goto('/coupon');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();

    // A code that does not exist is refused under the field.
    const field = page.getByLabel('Coupon code');
    await field.fill(codes.missing);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');

    await field.fill(codes.credit.toLowerCase());
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('$3.00 was added to your wallet.')).toBeVisible();
    await expect(field).toHaveValue('');
    await expect(page.getByRole('article', { name: `${codes.credit}: $3.00 wallet credit` })).toBeVisible();
    expect(await availableBalance(page.request)).toBe(before + 300);

    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Available balance' })).toContainText(usd(before + 300));
  });
});
