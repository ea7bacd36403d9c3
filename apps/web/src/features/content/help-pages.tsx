import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { HandCoins, LifeBuoy, MessageSquare, Search, ShoppingBag, UserPlus, Wallet } from 'lucide-react';
import { EarningsLink } from '../../components/earnings-link';
import { Page } from '../../components/page';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { inputClass } from '../../components/ui/field';
import { Prose } from '../../components/ui/prose';
import { ListSkeleton } from '../../components/ui/skeletons';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { useUiMessages } from '../../components/ui/messages';
import { helpCenterQueryOptions, type HelpCenter } from './api';
import { useContentMessages } from './messages';
import { parseHelpCenterSearch } from './search';
import type { HelpCategory } from './api';
import { QueryLoadError } from '../../components/ui/load-error';

/** The help topics in the order the page lists them (the contract's enum, checked by the type). */
const HELP_TOPICS = ['getting_started', 'wallet', 'plans', 'team', 'withdrawals', 'account'] as const satisfies readonly HelpCategory[];

const STEPS = [
  { key: 'recharge', icon: Wallet, to: '/recharge' },
  { key: 'buy', icon: ShoppingBag, to: '/plan' },
  { key: 'invite', icon: UserPlus, to: '/team/share' },
  { key: 'withdraw', icon: HandCoins, to: '/withdraw' },
] as const;

/** /help: how it works, in four steps, each leading to its screen. Public. */
export function HelpPage() {
  const { t } = useContentMessages();
  return (
    <Page title={t('help.title')}>
      <p className="text-gray-700 dark:text-gray-300">{t('help.lead')}</p>
      <ol className="grid gap-4 md:grid-cols-2">
        {STEPS.map(({ key, icon: Icon, to }, index) => (
          <li key={key}>
            <Card className="flex h-full gap-3 p-4">
              <span
                className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200"
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <div className="flex flex-col gap-1">
                <h2 className="font-semibold text-gray-900 dark:text-gray-50">
                  <Link to={to} className="hover:underline">
                    {index + 1}. {t(`help.${key}`)}
                  </Link>
                </h2>
                <p className="text-sm text-gray-700 dark:text-gray-300">{t(`help.${key}Body`)}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Link to="/help-center" className={buttonClass('secondary')}>
          <LifeBuoy className="size-4" aria-hidden="true" />
          {t('help.more')}
        </Link>
        <Link to="/support" className={buttonClass('secondary')}>
          <MessageSquare className="size-4" aria-hidden="true" />
          {t('help.contactSupport')}
        </Link>
      </div>
      <EarningsLink className="self-start" />
    </Page>
  );
}

/** /help-center: full-text search over the operator's articles, by topic, and the support contacts. Public. */
export function HelpCenterPage() {
  const { t } = useContentMessages();
  const { t: topics } = useUiMessages();
  const search = useSearch({ from: '/_default/help-center' });
  const navigate = useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const query = useQuery(helpCenterQueryOptions(search.q, search.category));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ to: '/help-center', search: parseHelpCenterSearch({ q: text, category: search.category }) });
  };
  return (
    <Page title={t('helpCenter.title')}>
      <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm font-medium text-gray-900 dark:text-gray-100">
          {t('helpCenter.search')}
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('helpCenter.searchPlaceholder')}
            maxLength={100}
            className={inputClass}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-gray-900 sm:w-56 dark:text-gray-100">
          {t('helpCenter.category')}
          <select
            value={search.category ?? ''}
            onChange={(event) =>
              void navigate({ to: '/help-center', search: parseHelpCenterSearch({ q: search.q, category: event.target.value }) })
            }
            className={inputClass}
          >
            <option value="">{t('helpCenter.any')}</option>
            {HELP_TOPICS.map((category) => (
              <option key={category} value={category}>
                {topics(`helpTopics.${category}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          {t('helpCenter.submit')}
        </Button>
      </form>
      {query.data ? (
        <Articles center={query.data} q={search.q} onClear={() => void navigate({ to: '/help-center', search: {} })} />
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('helpCenter.failed')} />
      ) : (
        <ListSkeleton rows={4} />
      )}
      {query.data ? <Contacts contacts={query.data.contacts} /> : null}
    </Page>
  );
}

function Articles({ center, q, onClear }: { center: HelpCenter; q: string | undefined; onClear: () => void }) {
  const { t } = useContentMessages();
  const { t: topics } = useUiMessages();
  if (center.items.length === 0) {
    return center.searched ? (
      <EmptyState
        title={t('helpCenter.noResultsTitle')}
        body={t('helpCenter.noResultsBody')}
        action={
          <Button variant="secondary" onClick={onClear}>
            {t('helpCenter.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyState title={t('helpCenter.emptyTitle')} body={t('helpCenter.emptyBody')} />
    );
  }
  const groups = center.searched
    ? [{ category: null, items: center.items }]
    : HELP_TOPICS.map((category) => ({ category, items: center.items.filter((a) => a.category === category) })).filter(
        (g) => g.items.length > 0,
      );
  return (
    <div className="flex flex-col gap-4">
      {center.searched ? (
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {t('helpCenter.results', { count: center.items.length, q: q ?? '' })}
        </p>
      ) : null}
      {groups.map((group) => (
        <section
          key={group.category ?? 'results'}
          aria-label={group.category ? topics(`helpTopics.${group.category}`) : undefined}
          className="flex flex-col gap-2"
        >
          {group.category ? (
            <h2 className="font-semibold text-gray-900 dark:text-gray-50">{topics(`helpTopics.${group.category}`)}</h2>
          ) : null}
          <div className="divide-y divide-gray-200 rounded-2xl bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
            {group.items.map((article) => (
              <details key={article.id} className="group px-4 py-3" open={center.searched && center.items.length <= 3}>
                <summary className="cursor-pointer list-none font-medium text-gray-900 marker:hidden dark:text-gray-100">
                  <span lang={fallbackLang(article.untranslated, 'title')}>{article.title}</span>
                  <UntranslatedMark fields={article.untranslated} className="ml-2 align-middle" />
                </summary>
                <Prose html={article.bodyHtml} className="mt-2 text-sm" lang={fallbackLang(article.untranslated, 'bodyHtml')} />
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function Contacts({ contacts }: { contacts: HelpCenter['contacts'] }) {
  const { t } = useContentMessages();
  const rows = [
    contacts.email
      ? {
          label: t('helpCenter.email'),
          value: (
            <a href={`mailto:${contacts.email}`} className="text-primary-700 underline dark:text-primary-400">
              {contacts.email}
            </a>
          ),
        }
      : null,
    contacts.phone
      ? {
          label: t('helpCenter.phone'),
          value: (
            <a href={`tel:${contacts.phone.replace(/\s/g, '')}`} className="text-primary-700 underline dark:text-primary-400">
              {contacts.phone}
            </a>
          ),
        }
      : null,
    contacts.hours ? { label: t('helpCenter.hours'), value: contacts.hours } : null,
  ].filter((row) => row !== null);
  return (
    // `#support`: a link may land here (the contacts beside the in-app requests of /support).
    <Card id="support" className="flex scroll-mt-20 flex-col gap-2 p-4">
      <h2 className="flex items-center gap-2 font-semibold text-gray-900 dark:text-gray-50">
        <LifeBuoy className="size-5" aria-hidden="true" />
        {t('helpCenter.contact')}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('helpCenter.noContacts')}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-gray-600 dark:text-gray-400">{row.label}</dt>
              <dd className="text-gray-900 dark:text-gray-100">{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to="/support" className={buttonClass('secondary', 'self-start')}>
        <MessageSquare className="size-4" aria-hidden="true" />
        {t('helpCenter.writeToUs')}
      </Link>
    </Card>
  );
}
