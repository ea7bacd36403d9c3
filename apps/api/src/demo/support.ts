import type { ManualClock } from '../lib/clock';
import type { ServiceDeps } from '../lib/service-deps';
import type { ConsoleActor } from '../modules/audit/index';
import { memberClose, memberReply, openTicket, supportClose, supportReply } from '../modules/support/index';

const HOUR = 60 * 60_000;

/**
 * Support tickets in each state (modules/support/README.md), told at their time through the
 * module's own services: the demo member has one answered (its reply unread in the inbox), one
 * waiting and an older one they closed, a team member one waiting, one closed by support after a
 * back-and-forth and one closed by themselves.
 */
export async function seedDemoSupport(
  deps: ServiceDeps & { clock: ManualClock },
  actor: ConsoleActor,
  members: { demo: string; team: string },
) {
  const start = deps.clock.now().getTime();
  const at = (hoursAgo: number) => deps.clock.set(new Date(start - hoursAgo * HOUR));
  at(240);
  const language = await openTicket(deps, members.demo, {
    subject: 'Emails in Spanish',
    body: 'Can I get the app and its emails in Spanish?',
  });
  at(238);
  await supportReply(deps, actor, language.id, {
    body: 'Yes: choose Español under Profile → Language and appearance. The app and every email from us follow that choice.',
  });
  at(237);
  await memberClose(deps, members.demo, language.id);
  at(72);
  const recharge = await openTicket(deps, members.demo, {
    subject: 'My bank transfer is not in my wallet yet',
    body: 'I paid my recharge order yesterday morning with the reference code. When will it show?',
  });
  at(70);
  await supportReply(deps, actor, recharge.id, {
    body: 'Thanks for writing. Transfers are credited once they appear on our bank statement, usually within one working day. Yours arrived this morning and is now in your wallet.',
  });
  at(50);
  const phone = await openTicket(deps, members.team, {
    subject: 'Changing my phone number',
    body: 'I have a new phone number. How do I change it?',
  });
  at(49);
  await supportReply(deps, actor, phone.id, { body: 'Send us the new number from this ticket and we will check it with you.' });
  at(47);
  await memberReply(deps, members.team, phone.id, { body: 'Thank you, I found it in my profile and changed it myself.' });
  at(46);
  await supportClose(deps, actor, phone.id);
  at(30);
  const coupon = await openTicket(deps, members.team, { subject: 'Coupon code', body: 'Where do I enter a coupon code?' });
  at(29);
  await memberClose(deps, members.team, coupon.id);
  at(5);
  await openTicket(deps, members.demo, {
    subject: 'How do level-two commissions work?',
    body: 'One of my invitees invited a friend who bought a plan. Do I get a commission for that, and when?',
  });
  at(2);
  await openTicket(deps, members.team, { subject: 'Withdrawal to a new bank', body: 'Can I withdraw to a bank account I added today?' });
  deps.clock.set(new Date(start));
}
