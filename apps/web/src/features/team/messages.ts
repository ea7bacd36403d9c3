import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The team namespace: /team/list, /team/level_two, /team/level_three, /team/share. Commissions
 * are what a friend's plan purchase pays the member; nothing here speaks of returns.
 */
const en = {
  list: {
    title: 'My team',
    levelTitle2: 'Team level 2',
    levelTitle3: 'Team level 3',
    members_one: '{{count}} member',
    members_other: '{{count}} members',
    teamSize: 'Team',
    earned: 'Commissions earned',
    earnedHint: 'pending, on review and available',
    available: 'Available',
    pending: 'Pending',
    onReview: 'On review',
    level: 'Level {{level}}',
    levels: 'Team levels',
    levelRow: '{{members}} · {{earned}} earned',
    invite: 'Invite friends',
    invitees: 'Members',
    commissions: 'My commissions',
    show: 'Show',
    joined: 'Joined {{date}}',
    former: 'Former member',
    bought: 'Bought {{amount}} of plans',
    brought: '{{amount}} to you',
    broughtNothing: 'No commission yet',
    emptyTitle: 'Invite your first friend',
    emptyBody: 'Share your link. Friends who join with it appear here, and their plan purchases pay you a commission.',
    emptyLevelTitle: 'Nobody on this level yet',
    emptyLevelBody2: 'When the friends you invited invite someone, they appear here.',
    emptyLevelBody3: 'When your level 2 invites someone, they appear here.',
    failed: 'We could not load your team.',
    levelHint2: 'Invited by the friends you invited. Shown masked.',
    levelHint3: 'Invited by your level 2. Shown masked.',
  },
  commissions: {
    emptyTitle: 'No commissions yet',
    emptyBody: 'When someone in your team buys a plan, your commission shows up here.',
    failed: 'We could not load your commissions.',
    fromLevel: 'Level {{level}} · from {{from}}',
    purchased: 'Purchase {{date}}',
    statuses: { pending: 'Pending', available: 'Available', reversed: 'Taken back', review: 'On review' },
    pendingUntil: 'Available from {{date}}',
    releasedOn: 'Added to your balance {{date}}',
    reviewHint: 'Being checked; no action needed from you.',
    reversedHint: 'The purchase was refunded or not confirmed.',
  },
  share: {
    title: 'Invite friends',
    intro: 'Friends who sign up with your link or code join your team.',
    code: 'Your invite code',
    link: 'Your invite link',
    qr: 'QR code of your invite link',
    qrHint: 'A friend can scan this with their phone camera.',
    share: 'Share link',
    shareTitle: 'Join me on {{app}}',
    shareText: 'Sign up with my invite code {{code}}:',
    copied: 'Invite link copied',
    copyFailed: 'Copying did not work. Select the link and copy it.',
    rates: 'What you earn',
    ratesBody: 'When someone in your team buys a plan, you receive a commission on what they paid:',
    rateLine: 'Level {{level}}: {{rate}}',
    ratesNote: 'Commissions wait a holding period before they reach your balance.',
    seeTeam: 'See my team',
    failed: 'We could not load your invite code.',
  },
};

export const useTeamMessages = defineMessages('team', { en });
export type TeamMessages = typeof en;
export type TeamT = Translate<TeamMessages>;
