import { useQuery } from '@tanstack/react-query';
import { LEGAL_KINDS, publishLegalBodySchema, type LegalKind } from '@orchard/shared';
import type { LegalVersion } from './api';
import { Card } from '../../components/ui/card';
import { ConsolePage } from '../../components/ui/console';
import { TextAreaField } from '../../components/ui/console-fields';
import { LanguageFields, MissingLanguages, translationValues } from '../../components/ui/language-tabs';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { legalVersionsQueryOptions, usePublishLegal } from './api';
import { useAdminContentMessages } from './messages';

/** `/admin/legal`: each legal page's current version, and the form that publishes the next. */
export function LegalPagesPage() {
  const { t } = useAdminContentMessages();
  return (
    <ConsolePage title={t('legal.title')} description={t('legal.intro')}>
      <div className="grid gap-4 xl:grid-cols-2">
        {LEGAL_KINDS.map((kind) => (
          <LegalCard key={kind} kind={kind} />
        ))}
      </div>
    </ConsolePage>
  );
}

function LegalCard({ kind }: { kind: LegalKind }) {
  const versions = useQuery(legalVersionsQueryOptions(kind));
  if (!versions.data) return <Card className="h-64 animate-pulse motion-reduce:animate-none" aria-hidden="true" />;
  const current = versions.data.items[0];
  return <LegalForm key={current?.version ?? 0} kind={kind} current={current} count={versions.data.items.length} />;
}

function LegalForm({ kind, current, count }: { kind: LegalKind; current: LegalVersion | undefined; count: number }) {
  const { t } = useAdminContentMessages();
  const publish = usePublishLegal(kind);
  const form = useZodForm(publishLegalBodySchema, {
    defaultValues: { bodyMd: current?.bodyMd ?? '', translations: translationValues(['bodyMd'], current?.translations) },
  });
  const next = (current?.version ?? 0) + 1;
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t(`legal.kinds.${kind}`)}</h2>
          {current ? <MissingLanguages missing={current.missingLanguages} /> : null}
        </div>
        {kind === 'earnings' ? <p className="text-sm text-gray-700 dark:text-gray-300">{t('legal.earningsNote')}</p> : null}
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {current ? t('legal.current', { version: current.version, date: formatDate(current.publishedAt) }) : t('legal.none')}
          {count > 0 ? ` · ${t('legal.versions', { count })}` : ''}
        </p>
      </div>
      <Form
        form={form}
        onSubmit={async (body) => {
          const published = await publish.mutateAsync(body);
          toast(t('legal.published', { version: published.version }));
        }}
      >
        <LanguageFields fields={['bodyMd']}>
          {(name, lang) => <TextAreaField name={name('bodyMd')} label={t('legal.text')} rows={10} maxLength={50_000} lang={lang} />}
        </LanguageFields>
        <SubmitButton className="sm:w-auto sm:self-start">{t('legal.publish', { version: next })}</SubmitButton>
      </Form>
    </Card>
  );
}
