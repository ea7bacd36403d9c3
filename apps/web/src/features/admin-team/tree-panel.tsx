import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeletons';
import { formatDate, formatMoney } from '../../lib/format';
import { memberTreeQueryOptions, type MemberTree } from './api';
import { useAdminTeamMessages } from './messages';
import { QueryLoadError } from '../../components/ui/load-error';

/** A member's place in the referral tree, on their console page: uplines, per-level figures, the newest below. */
export function MemberTreePanel({ memberId }: { memberId: string }) {
  const { t } = useAdminTeamMessages();
  const tree = useQuery(memberTreeQueryOptions(memberId));
  const data = tree.data;
  if (!data) {
    return tree.isError ? <QueryLoadError query={tree} fallback={t('tree.failed')} /> : <Skeleton className="h-64 rounded-2xl" />;
  }
  const money = (minor: number) => formatMoney(minor, { currency: data.currency });
  return (
    <section aria-labelledby="member-tree" className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="member-tree" className="text-base font-semibold text-gray-900 dark:text-gray-50">
            {t('tree.title')}
          </h2>
          {data.hold ? (
            <Link
              to="/admin/referral-reviews"
              search={data.hold.status === 'open' ? {} : { view: 'decided' }}
              className="text-sm font-medium text-amber-800 hover:underline dark:text-amber-300"
            >
              {t('tree.hold', { status: data.hold.status })}
            </Link>
          ) : null}
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="font-medium text-gray-700 dark:text-gray-300">{t('tree.uplines')}</h3>
          {data.uplines.length === 0 ? (
            <p className="text-gray-600 dark:text-gray-400">{t('tree.noUplines')}</p>
          ) : (
            <ol className="flex flex-col gap-1">
              {data.uplines.map((upline) => (
                <li key={upline.id} className="flex gap-2">
                  <span className="w-16 shrink-0 text-gray-600 dark:text-gray-400">{t('tree.level', { level: upline.level })}</span>
                  <Person row={upline} />
                </li>
              ))}
            </ol>
          )}
          <p className="text-gray-600 dark:text-gray-400">{t('tree.own', { amount: money(data.purchasesTotal) })}</p>
        </div>
        <LevelsTable tree={data} />
        <NewestBelow tree={data} />
      </Card>
    </section>
  );
}

/** A member's name, linking to their console page. */
function Person({ row }: { row: { id: string; displayName: string } }) {
  return (
    <Link to="/admin/members/$id" params={{ id: row.id }} className="font-medium text-primary-800 hover:underline dark:text-primary-300">
      {row.displayName}
    </Link>
  );
}

/** Per level below the member: how many, what they bought, the commissions earned and on review. */
function LevelsTable({ tree }: { tree: MemberTree }) {
  const { t } = useAdminTeamMessages();
  const money = (minor: number) => formatMoney(minor, { currency: tree.currency });
  // Scrolls sideways on a phone: focusable and named, so a keyboard can scroll it too (axe scrollable-region-focusable).
  return (
    <div
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      role="region"
      aria-label={t('tree.levels')}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{t('tree.levels')}</caption>
        <thead>
          <tr className="text-left text-gray-600 dark:text-gray-400">
            <th scope="col" className="py-1 pr-3 font-medium">
              <span className="sr-only">{t('tree.levels')}</span>
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t('tree.members')}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t('tree.purchases')}
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              {t('tree.earned')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('tree.onReview')}
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {tree.levels.map((row) => (
            <tr key={row.level} className="border-t border-gray-100 dark:border-gray-800">
              <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
                {t('tree.level', { level: row.level })}
              </th>
              <td className="py-2 pr-3 text-right">{row.members}</td>
              <td className="py-2 pr-3 text-right">{money(row.purchasesTotal)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap">
                {money(row.commission.pending)} · {money(row.commission.available)}
              </td>
              <td className="py-2 text-right">{money(row.commission.onReview)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The newest members of each level below, with the day they joined and what they bought. */
function NewestBelow({ tree }: { tree: MemberTree }) {
  const { t } = useAdminTeamMessages();
  const money = (minor: number) => formatMoney(minor, { currency: tree.currency });
  return (
    <>
      {tree.downline.map((level) => (
        <div key={level.level} className="flex flex-col gap-1 text-sm">
          <h3 className="font-medium text-gray-700 dark:text-gray-300">{t('tree.newest', { level: level.level })}</h3>
          {level.items.length === 0 ? (
            <p className="text-gray-600 dark:text-gray-400">{t('tree.none')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {level.items.map((row) => (
                <li key={row.id} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    <Person row={row} /> <span className="text-xs text-gray-600 dark:text-gray-400">{formatDate(row.joinedAt)}</span>
                  </span>
                  <span className="tabular-nums text-gray-700 dark:text-gray-300">{money(row.purchasesTotal)}</span>
                </li>
              ))}
              {level.more ? <li className="text-gray-600 dark:text-gray-400">{t('tree.more')}</li> : null}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}
