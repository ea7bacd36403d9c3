import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { SimpleCountdown } from '../../components/ui/countdown';
import { Marquee } from '../../components/ui/marquee';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { homeContentQueryOptions, promotionsQueryOptions } from './api';
import { featuredFor } from './logic';
import { useContentMessages } from './messages';
import { serverAlignedDeadline } from '../../lib/server-time';

/** The /home marquee (docs/product.md W3): the operator's announcements running now; nothing when there are none. */
export function AnnouncementsMarquee() {
  const { t } = useContentMessages();
  const content = useQuery(homeContentQueryOptions());
  const items = content.data?.announcements ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-label={t('home.news')}
      className="flex items-center gap-2 overflow-hidden rounded-2xl bg-white py-2 pl-3 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <Megaphone className="size-5 shrink-0 text-primary-700 dark:text-primary-400" aria-hidden="true" />
      <Marquee aria-label={t('home.news')} pauseOnHover pauseOnClick gradient className="flex-1 text-sm">
        {items.map((item) => (
          <span key={item.id} className="px-6 whitespace-nowrap" lang={fallbackLang(item.untranslated, 'text')}>
            {item.text}
          </span>
        ))}
      </Marquee>
      <UntranslatedMark fields={items.flatMap((item) => item.untranslated)} className="mr-2" />
    </section>
  );
}

/**
 * The promotion featured on /home, with its countdown (W1) and the way to its details; never one
 * for a plan the member holds active (`heldPlanIds`, from the plans feature, composed by the route).
 */
export function FeaturedPromotion({ heldPlanIds }: { heldPlanIds?: readonly string[] }) {
  const { t } = useContentMessages();
  const content = useQuery(homeContentQueryOptions());
  const operatorsChoice = content.data?.featured ?? null;
  const promotesHeld = Boolean(operatorsChoice?.plan && heldPlanIds?.includes(operatorsChoice.plan.id));
  // The other running promotions are asked for only when the featured one is out of place.
  const running = useQuery({ ...promotionsQueryOptions(), enabled: promotesHeld });
  const featured = featuredFor(operatorsChoice, running.data?.items, heldPlanIds);
  if (!featured) return null;
  return (
    <section
      aria-labelledby="featured-promotion"
      className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      {featured.imageUrl ? <img src={featured.imageUrl} alt="" className="aspect-[3/1] w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-col gap-2 p-4">
        <span className="text-xs font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-400">{t('home.featured')}</span>
        <h2
          id="featured-promotion"
          className="text-lg font-semibold text-gray-900 dark:text-gray-50"
          lang={fallbackLang(featured.untranslated, 'title')}
        >
          {featured.title}
        </h2>
        <UntranslatedMark fields={featured.untranslated} />
        <p className="flex items-baseline justify-between gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950">
          <span className="text-gray-700 dark:text-gray-300">{t('home.endsIn')}</span>
          <SimpleCountdown
            deadline={serverAlignedDeadline(featured.endsAt, content.data!.serverTime, content.dataUpdatedAt)}
            aria-label={t('home.endsIn')}
            labelText={t('home.ended')}
            hideZeroDays
            className="font-semibold tabular-nums"
          />
        </p>
        <Link to="/promotion" className="text-sm font-medium text-primary-700 underline-offset-4 hover:underline dark:text-primary-400">
          {t('home.details')}
        </Link>
      </div>
    </section>
  );
}
