import { useQuery } from '@tanstack/react-query';
import { EarningsLink } from '../../components/earnings-link';
import { Page } from '../../components/page';
import { Card } from '../../components/ui/card';
import { Prose } from '../../components/ui/prose';
import { Skeleton } from '../../components/ui/skeletons';
import { fallbackLang, UntranslatedMark } from '../../components/ui/untranslated';
import { formatDate } from '../../lib/format';
import { legalPagesQueryOptions } from './api';
import { useContentMessages } from './messages';
import { QueryLoadError } from '../../components/ui/load-error';

const KINDS = ['about', 'terms', 'privacy'] as const;

/** /about: the operator, the terms and the privacy notice, each its newest published version with its date. Public. */
export function AboutPage() {
  const { t } = useContentMessages();
  const query = useQuery(legalPagesQueryOptions());
  return (
    <Page title={t('about.title')}>
      {query.data ? (
        KINDS.map((kind) => {
          const document = query.data.documents.find((d) => d.kind === kind);
          return (
            <Card key={kind} id={kind} className="flex scroll-mt-20 flex-col gap-2 p-4">
              <section aria-labelledby={`${kind}-title`} className="flex flex-col gap-2">
                <h2 id={`${kind}-title`} className="text-lg font-semibold text-gray-900 dark:text-gray-50">
                  {t(`about.${kind}`)}
                </h2>
                {document ? (
                  <>
                    <p className="text-xs text-gray-600 dark:text-gray-400">
                      {t('about.updated', { date: formatDate(document.publishedAt), version: document.version })}
                    </p>
                    <UntranslatedMark fields={document.untranslated} />
                    <Prose html={document.bodyHtml} className="text-sm" lang={fallbackLang(document.untranslated, 'bodyHtml')} />
                  </>
                ) : (
                  <p className="text-sm text-gray-600 dark:text-gray-400">{t('about.notPublished')}</p>
                )}
              </section>
            </Card>
          );
        })
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('about.failed')} />
      ) : (
        <Skeleton className="h-96 rounded-2xl" />
      )}
      <EarningsLink className="self-start" />
    </Page>
  );
}
