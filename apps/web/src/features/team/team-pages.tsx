import { Link } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Ban, CheckCircle2, Hourglass, ShieldQuestion, UserPlus, Users, type LucideIcon } from 'lucide-react';
import type { MyCommission, MyCommissionStatus, TeamLevel, TeamMember, TeamSummary } from '@orchard/shared';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { LoadMore } from '../../components/ui/day-list';
import { EmptyState } from '../../components/ui/empty-state';
import { formatDate, formatMoney } from '../../lib/format';
import { ListSkeleton, Skeleton } from '../../components/ui/skeletons';
import { TonePill, type Tone } from '../../components/ui/tone-pill';
import { myCommissionsQueryOptions, teamMembersQueryOptions, teamSummaryQueryOptions } from './api';
import { useTeamMessages, type TeamT } from './messages';
import { QueryLoadError } from '../../components/ui/load-error';

const LEVEL_PATHS = { 1: '/team/list', 2: '/team/level_two', 3: '/team/level_three' } as const;
export type TeamView = 'members' | 'commissions';

const earnedOf = (summary: { pending: number; available: number; onReview: number }) =>
  summary.pending + summary.available + summary.onReview;

/** /team/list (level 1, or my commissions), /team/level_two, /team/level_three. */
export function TeamPage({ level, view = 'members' }: { level: TeamLevel; view?: TeamView }) {
  const { t } = useTeamMessages();
  const summary = useQuery(teamSummaryQueryOptions());
  const title = level === 1 ? t('list.title') : level === 2 ? t('list.levelTitle2') : t('list.levelTitle3');
  return (
    <Page
      title={title}
      backTo={level === 1 ? undefined : '/team/list'}
      actions={
        <Link to="/team/share" className={cn(buttonClass('secondary'), 'mr-2 md:mr-0')}>
          <UserPlus className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('list.invite')}</span>
          <span className="sr-only sm:hidden">{t('list.invite')}</span>
        </Link>
      }
    >
      {summary.data ? (
        <SummaryCard summary={summary.data} level={level} />
      ) : summary.isError ? (
        <QueryLoadError query={summary} fallback={t('list.failed')} />
      ) : (
        <Skeleton className="h-40 rounded-2xl" />
      )}
      <LevelTabs summary={summary.data} level={level} view={view} />
      {level === 2 || level === 3 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t(level === 2 ? 'list.levelHint2' : 'list.levelHint3')}</p>
      ) : null}
      {view === 'commissions' ? <CommissionList /> : <MemberList level={level} currency={summary.data?.currency} />}
    </Page>
  );
}

function SummaryCard({ summary, level }: { summary: TeamSummary; level: TeamLevel }) {
  const { t } = useTeamMessages();
  const money = (minor: number) => formatMoney(minor, { currency: summary.currency });
  const totals = summary.totals.commission;
  return (
    <Card className="flex flex-col gap-4 p-4">
      {/* Side by side while both fit, one under the other when a language's words are longer: a figure never breaks. */}
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <div className="flex flex-col">
          <span className="text-sm text-gray-600 dark:text-gray-400">{t('list.teamSize')}</span>
          <span className="text-2xl font-bold whitespace-nowrap text-gray-900 tabular-nums dark:text-gray-50">
            {t('list.members', { count: summary.totals.members })}
          </span>
        </div>
        <div className="flex flex-col">
          <span className="text-sm text-gray-600 dark:text-gray-400">{t('list.earned')}</span>
          <span className="text-2xl font-bold whitespace-nowrap text-gray-900 tabular-nums dark:text-gray-50" data-testid="team-earned">
            {money(earnedOf(totals))}
          </span>
          <span className="text-xs text-gray-600 dark:text-gray-400">{t('list.earnedHint')}</span>
        </div>
      </div>
      {/* Three columns while they fit their figures, fewer on a narrow phone: amounts never run into each other. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-2 rounded-xl bg-gray-50 p-3 text-sm dark:bg-gray-800/60">
        <div className="flex flex-col">
          <dt className="text-gray-600 dark:text-gray-400">{t('list.available')}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{money(totals.available)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-gray-600 dark:text-gray-400">{t('list.pending')}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{money(totals.pending)}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-gray-600 dark:text-gray-400">{t('list.onReview')}</dt>
          <dd className="font-semibold text-gray-900 tabular-nums dark:text-gray-100">{money(totals.onReview)}</dd>
        </div>
      </dl>
      <table className="w-full text-sm" data-testid="team-levels">
        <caption className="sr-only">{t('list.levels')}</caption>
        <tbody>
          {summary.levels.map((row) => (
            <tr
              key={row.level}
              className={cn('border-t border-gray-100 first:border-0 dark:border-gray-800', row.level === level && 'font-semibold')}
            >
              <th scope="row" className="py-2 pr-3 text-left align-top font-medium whitespace-nowrap text-gray-700 dark:text-gray-300">
                {t('list.level', { level: row.level })}
              </th>
              <td className="py-2 text-right text-gray-900 tabular-nums dark:text-gray-100">
                {t('list.levelRow', { members: t('list.members', { count: row.members }), earned: money(earnedOf(row.commission)) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** Level 1 · Level 2 · Level 3 · My commissions, as links (each is its own address). */
function LevelTabs({ summary, level, view }: { summary: TeamSummary | undefined; level: TeamLevel; view: TeamView }) {
  const { t } = useTeamMessages();
  const tab = (selected: boolean) =>
    cn(
      'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
      selected
        ? 'bg-primary-700 text-white ring-primary-700 dark:bg-primary-500 dark:text-gray-950 dark:ring-primary-500'
        : 'bg-white text-gray-900 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700',
    );
  return (
    <nav aria-label={t('list.show')} className="flex flex-wrap gap-2">
      {([1, 2, 3] as const).map((value) => {
        const selected = view === 'members' && value === level;
        const count = summary?.levels.find((row) => row.level === value)?.members;
        return (
          <Link key={value} to={LEVEL_PATHS[value]} className={tab(selected)} aria-current={selected ? 'page' : undefined}>
            {t('list.level', { level: value })}
            {count === undefined ? null : <span className="tabular-nums opacity-80">{count}</span>}
          </Link>
        );
      })}
      <Link
        to="/team/list"
        search={{ show: 'commissions' }}
        className={tab(view === 'commissions')}
        aria-current={view === 'commissions' ? 'page' : undefined}
      >
        {t('list.commissions')}
      </Link>
    </nav>
  );
}

function MemberList({ level, currency }: { level: TeamLevel; currency: string | undefined }) {
  const { t } = useTeamMessages();
  const query = useInfiniteQuery(teamMembersQueryOptions(level));
  const members = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (!query.data) {
    return query.isError ? <QueryLoadError query={query} fallback={t('list.failed')} /> : <ListSkeleton />;
  }
  if (members.length === 0) {
    return level === 1 ? (
      <EmptyState
        icon={<Users className="size-6" aria-hidden="true" />}
        title={t('list.emptyTitle')}
        body={t('list.emptyBody')}
        action={
          <Link to="/team/share" className={buttonClass('primary')}>
            {t('list.invite')}
          </Link>
        }
      />
    ) : (
      <EmptyState title={t('list.emptyLevelTitle')} body={t(level === 2 ? 'list.emptyLevelBody2' : 'list.emptyLevelBody3')} />
    );
  }
  return (
    <section aria-label={t('list.invitees')} className="flex flex-col">
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-testid="team-members">
        {members.map((member) => (
          <MemberRow key={member.key} member={member} currency={currency} t={t} />
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </section>
  );
}

function MemberRow({ member, currency, t }: { member: TeamMember; currency: string | undefined; t: TeamT }) {
  const money = (minor: number) => formatMoney(minor, { currency });
  // A member who closed their account is no one by name (docs/decisions/0035).
  const name = member.former ? t('list.former') : (member.displayName ?? member.contact);
  return (
    // What the member brought moves under the name when both do not fit: neither is cut.
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
      <span
        aria-hidden="true"
        className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 font-semibold text-primary-800 uppercase dark:bg-primary-950 dark:text-primary-200"
      >
        {name.slice(0, 1)}
      </span>
      <div className="flex min-w-0 flex-[1_1_9rem] flex-col">
        <span className="font-medium [overflow-wrap:anywhere] text-gray-900 dark:text-gray-100">{name}</span>
        {member.displayName && !member.former ? <span className="truncate text-xs text-gray-600 dark:text-gray-400">{member.contact}</span> : null}
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {t('list.joined', { date: formatDate(member.joinedAt) })}
          {member.purchasesTotal !== null && member.purchasesTotal > 0
            ? ` · ${t('list.bought', { amount: money(member.purchasesTotal) })}`
            : ''}
        </span>
      </div>
      <span
        className={cn(
          'ml-auto shrink-0 text-right text-sm whitespace-nowrap tabular-nums',
          member.brought > 0 ? 'font-semibold text-green-700 dark:text-green-400' : 'text-gray-500 dark:text-gray-400',
        )}
      >
        {member.brought > 0 ? t('list.brought', { amount: `+${money(member.brought)}` }) : t('list.broughtNothing')}
      </span>
    </li>
  );
}

const COMMISSION_LOOK: Record<MyCommissionStatus, { tone: Tone; icon: LucideIcon }> = {
  pending: { tone: 'pending', icon: Hourglass },
  available: { tone: 'success', icon: CheckCircle2 },
  reversed: { tone: 'neutral', icon: Ban },
  review: { tone: 'pending', icon: ShieldQuestion },
};

function CommissionList() {
  const { t } = useTeamMessages();
  const query = useInfiniteQuery(myCommissionsQueryOptions());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const currency = query.data?.pages[0]?.currency;
  if (!query.data) {
    return query.isError ? <QueryLoadError query={query} fallback={t('commissions.failed')} /> : <ListSkeleton />;
  }
  if (items.length === 0) {
    return (
      <EmptyState
        title={t('commissions.emptyTitle')}
        body={t('commissions.emptyBody')}
        action={
          <Link to="/team/share" className={buttonClass('primary')}>
            {t('list.invite')}
          </Link>
        }
      />
    );
  }
  return (
    <section aria-label={t('list.commissions')} className="flex flex-col">
      <ul className="divide-y divide-gray-200 dark:divide-gray-800" data-testid="my-commissions">
        {items.map((item) => (
          <CommissionRow key={item.id} item={item} currency={currency} t={t} />
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </section>
  );
}

function CommissionRow({ item, currency, t }: { item: MyCommission; currency: string | undefined; t: TeamT }) {
  const look = COMMISSION_LOOK[item.status];
  const note =
    item.status === 'pending' && item.releaseAt
      ? t('commissions.pendingUntil', { date: formatDate(item.releaseAt) })
      : item.status === 'available' && item.releasedAt
        ? t('commissions.releasedOn', { date: formatDate(item.releasedAt) })
        : item.status === 'review'
          ? t('commissions.reviewHint')
          : t('commissions.reversedHint');
  return (
    <li className="flex items-start gap-3 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'font-semibold tabular-nums',
            item.status === 'reversed' ? 'text-gray-500 line-through dark:text-gray-400' : 'text-gray-900 dark:text-gray-100',
          )}
        >
          {formatMoney(item.amount, { currency })}
        </span>
        <span className="truncate text-xs text-gray-600 dark:text-gray-400">
          {t('commissions.fromLevel', { level: item.level, from: item.from })} ·{' '}
          {t('commissions.purchased', { date: formatDate(item.purchasedAt) })}
        </span>
        <span className="text-xs text-gray-600 dark:text-gray-400">{note}</span>
      </div>
      <TonePill tone={look.tone} icon={look.icon} status={item.status} label={t(`commissions.statuses.${item.status}`)} />
    </li>
  );
}
