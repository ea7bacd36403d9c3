import { sql } from 'drizzle-orm';
import type { Db } from '../client';

const DAY = 86_400_000;

/**
 * Demo content (SEED_DEMO): announcements for the /home marquee, two running promotions and one
 * coming up, help articles in every topic, the support contacts, and the terms (two versions),
 * privacy notice and about page. Written once: only when there are no help articles yet.
 */
export async function seedDemoContent(db: Db, now: Date, planIds: Map<string, string>): Promise<boolean> {
  const rows = (await db.execute(sql`select count(*)::int as n from help_articles`)) as unknown as { rows: { n: number }[] };
  if (rows.rows[0]!.n > 0) return false;
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  for (const [text, startsIn, endsIn, priority] of [
    ['Bank transfers are credited after we match your payment, usually within one business day.', -20, null, 5],
    ['Always write your order reference in the transfer memo.', -20, null, 4],
    ['Orchard staff will never ask for your password.', -30, null, 3],
    ['Plus members: the spring workshop calendar is out.', -2, 12, 8],
  ] as const) {
    await db.execute(sql`insert into announcements (text, starts_at, ends_at, priority, active, created_at, updated_at)
      values (${text}, ${at(startsIn)}, ${endsIn === null ? null : at(endsIn)}, ${priority}, true, ${at(startsIn)}, ${at(startsIn)})`);
  }

  const plus = planIds.get('plus') ?? null;
  const family = planIds.get('family') ?? null;
  for (const [title, body, startsIn, endsIn, planId, coupon, priority] of [
    [
      'Plus for less this week',
      'Join **Plus** with the code below and save on your first three months.\n\n- Priority support within 24 hours\n- In-person member events\n\nThe code works once per member. See the [plan](/plan) for everything included.',
      -3,
      4,
      plus,
      'PLUS5',
      10,
    ],
    [
      'Bring the family',
      'The **Family** plan covers up to four people. Invite them with your link from [Team](/team/share) and everyone gets the member events.',
      -10,
      20,
      family,
      null,
      5,
    ],
    ['Founders evening', 'An evening with the founders for members. Details follow.', 15, 30, null, null, 0],
  ] as const) {
    await db.execute(sql`insert into promotions (title, body_md, starts_at, ends_at, plan_id, coupon_code, priority, active, created_at, updated_at)
      values (${title}, ${body}, ${at(startsIn)}, ${at(endsIn)}, ${planId}, ${coupon}, ${priority}, true, ${at(startsIn - 1)}, ${at(startsIn - 1)})`);
  }

  const articles: Array<[string, string, string]> = [
    ['getting_started', 'What is Orchard?', 'Orchard is a membership club. You top up a wallet, choose a plan for its member benefits, and can invite friends.'],
    ['getting_started', 'Is a plan an investment?', 'No. A plan is a membership: it gives you its benefits for a set time. It pays nothing back.'],
    ['wallet', 'How do I recharge?', 'Open **Recharge**, choose an amount and a channel, and pay with the order reference in the memo. A bank transfer is credited once an operator matches it; a card payment at once.'],
    ['wallet', 'My transfer has not arrived', 'Matching a bank transfer can take a business day. If it takes longer, contact support with the order reference.'],
    ['plans', 'How do coupons work?', 'Enter the code when you buy a plan; the discount shows before you confirm. Some codes are for one plan or one use per member. Wallet-credit codes are redeemed on **Coupons**.'],
    ['plans', 'Can I get a refund?', 'Within the refund window (7 days by default) the operator can refund a purchase: you get back what you paid and the plan ends.'],
    ['team', 'How do commissions work?', 'When someone you invited buys a plan you receive a commission on what they paid: 10 % for friends you invited, 5 % and 2 % for the next two levels. It waits a holding period before it is added to your balance.'],
    ['team', 'Why is a commission “on review”?', 'Some commissions are checked before they are paid. You do not need to do anything; it continues once the check is done.'],
    ['withdrawals', 'How much does a withdrawal cost?', 'The fee is a fixed part plus a percentage of the amount, shown before you confirm with your password, together with what your bank receives.'],
    ['withdrawals', 'How long does a withdrawal take?', 'The operator pays pending withdrawals by bank transfer, usually within two business days. You see the payout reference under **Withdrawal history**.'],
    ['account', 'I forgot my password', 'Use **Forgot password?** on the sign-in page: we send a code to your email or phone. You can also sign in with a one-time link.'],
    ['account', 'How do I sign out other devices?', 'On **Profile**, the list of sessions lets you sign out every other device at once.'],
  ];
  for (const [index, [category, title, body]] of articles.entries()) {
    await db.execute(sql`insert into help_articles (category, title, body_md, sort_order, published, created_at, updated_at)
      values (${category}, ${title}, ${body}, ${index}, true, ${at(-40)}, ${at(-40)})`);
  }
  await db.execute(sql`update support_contacts set email = 'support@orchard.local', phone = '+1 555 0100', hours = 'Mon–Fri, 9:00–17:00', updated_at = ${at(-40)}`);

  const legal: Array<[string, string, number]> = [
    ['about', 'Orchard is run by Orchard Club Ltd. We sell memberships with member benefits; we are not a bank or an investment service.\n\nWrite to support@orchard.local with any question.', -40],
    ['terms', 'By creating an account you agree to these terms.\n\n1. A plan is a membership for a set time.\n2. Money in your wallet can be used for plans or withdrawn.', -40],
    ['terms', 'By creating an account you agree to these terms.\n\n1. A plan is a membership for a set time; it pays nothing back.\n2. Money in your wallet can be used for plans or withdrawn, less the withdrawal fee.\n3. Commissions are paid on friends’ purchases after a holding period and may be reviewed.', -10],
    ['privacy', 'We keep your email or phone, your name and your activity in the app to run your membership, for as long as your account exists. Ask support for a copy or for deletion.', -40],
  ];
  for (const [kind, body, days] of legal) {
    await db.execute(sql`insert into legal_documents (kind, version, body_md, published_at)
      select ${kind}, coalesce(max(version), 0) + 1, ${body}, ${at(days)} from legal_documents where kind = ${kind}`);
  }
  return true;
}
