import { Link } from '@tanstack/react-router';
import { Hourglass } from 'lucide-react';
import { Page } from './page';
import { usePlaceholderMessages, type PlaceholderKey } from './placeholder-messages';
import { buttonClass } from './ui/button';
import { EmptyState } from './ui/empty-state';

export type { PlaceholderKey };

type Next = 'recharge' | 'home' | 'profile' | 'statement';

const NEXT_PATH = { recharge: '/recharge', home: '/home', profile: '/profile', statement: '/trx/log' } as const satisfies Record<
  Next,
  string
>;

/** The most useful working page from each unbuilt one. */
const NEXT: Record<PlaceholderKey, Next> = {
  about: 'home', // unused: AboutPage below has sections, not a button
  help: 'home',
  helpCenter: 'home',
  promotion: 'home',
};

/**
 * A page whose feature is not built yet: what it will do, said as not open yet (never as an
 * empty list), and a button to the next useful page that works.
 */
export function PlaceholderPage({ page, backTo }: { page: PlaceholderKey; backTo?: string }) {
  const { t } = usePlaceholderMessages();
  if (page === 'about') return <AboutPage />;
  const next = NEXT[page];
  return (
    <Page title={t(`${page}.title`)} backTo={backTo}>
      <EmptyState
        icon={<Hourglass className="size-6" />}
        title={t(`${page}.soon`)}
        body={t(`${page}.body`)}
        action={
          <Link to={NEXT_PATH[next]} className={buttonClass('primary', 'mt-1')}>
            {t(`next.${next}`)}
          </Link>
        }
      />
    </Page>
  );
}

/**
 * `/about`: registration links here (#terms, #privacy). The texts are not published yet, so the
 * page says so plainly instead of pretending a text exists; the version a member accepts is
 * named beside the box on the registration form and recorded on their account.
 */
function AboutPage() {
  const { t } = usePlaceholderMessages();
  const section = (id: 'terms' | 'privacy') => (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-2xl bg-white p-5 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-gray-900 dark:text-gray-50">
        {t(`aboutPage.${id}`)}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t(`aboutPage.${id}Body`)}</p>
    </section>
  );
  return (
    <Page title={t('about.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('about.body')}</p>
        {section('terms')}
        {section('privacy')}
      </div>
    </Page>
  );
}
