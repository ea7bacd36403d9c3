import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { CopyField } from '../../components/ui/copy-field';
import { Countdown } from '../../components/ui/countdown';
import { EmptyState } from '../../components/ui/empty-state';
import { Prose } from '../../components/ui/prose';
import { Skeleton } from '../../components/ui/skeletons';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { formatDateTime } from '../../lib/format';
import { serverAlignedDeadline } from '../../lib/server-time';
import { promotionsQueryOptions, type Promotion } from './api';
import { useContentMessages } from './messages';
import { QueryLoadError } from '../../components/ui/load-error';

/** /promotion: the promotions running now, each with its countdown (W1), body and what it links to. */
export function PromotionPage() {
  const { t } = useContentMessages();
  const query = useQuery(promotionsQueryOptions());
  return (
    <Page title={t('promotion.title')} backTo="/home">
      {query.data ? (
        query.data.items.length === 0 ? (
          <EmptyState
            icon={<Sparkles className="size-6" aria-hidden="true" />}
            title={t('promotion.emptyTitle')}
            body={t('promotion.emptyBody')}
            action={
              <Link to="/plan" className={buttonClass('primary')}>
                {t('promotion.seePlans')}
              </Link>
            }
          />
        ) : (
          <div className="grid gap-4 2xl:grid-cols-2">
            {query.data.items.map((promotion) => (
              <PromotionCard key={promotion.id} promotion={promotion} serverTime={query.data.serverTime} receivedAt={query.dataUpdatedAt} />
            ))}
          </div>
        )
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('promotion.failed')} />
      ) : (
        <div className="grid gap-4 2xl:grid-cols-2" aria-hidden="true">
          <Skeleton className="h-80 rounded-2xl" />
          <Skeleton className="h-80 rounded-2xl" />
        </div>
      )}
    </Page>
  );
}

function PromotionCard({ promotion, serverTime, receivedAt }: { promotion: Promotion; serverTime: string; receivedAt: number }) {
  const { t } = useContentMessages();
  const headingId = `promotion-${promotion.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      {promotion.imageUrl ? <img src={promotion.imageUrl} alt="" className="aspect-[3/1] w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-col gap-3 p-4">
        <h2
          id={headingId}
          className="text-lg font-semibold text-gray-900 dark:text-gray-50"
          lang={fallbackLang(promotion.untranslated, 'title')}
        >
          {promotion.title}
        </h2>
        <UntranslatedMark fields={promotion.untranslated} />
        <div className="flex flex-col gap-1">
          <span className="text-sm text-gray-600 dark:text-gray-400">
            {t('promotion.endsIn')} · {t('promotion.endsOn', { date: formatDateTime(promotion.endsAt) })}
          </span>
          <Countdown
            deadline={serverAlignedDeadline(promotion.endsAt, serverTime, receivedAt)}
            aria-label={t('promotion.endsIn')}
            labelText={t('promotion.ended')}
            className="self-start"
          />
        </div>
        <Prose html={promotion.bodyHtml} className="text-sm" lang={fallbackLang(promotion.untranslated, 'bodyHtml')} />
        {promotion.couponCode ? (
          <CopyField id={`coupon-${promotion.id}`} label={t('promotion.coupon')} value={promotion.couponCode} large />
        ) : null}
        {promotion.plan ? (
          <Link to="/plan/$id" params={{ id: promotion.plan.id }} className={buttonClass('primary', 'w-full')}>
            {t('promotion.seePlan', { plan: promotion.plan.name })}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
