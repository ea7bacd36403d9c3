import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { z } from 'zod';
import {
  HELP_CATEGORIES,
  LEGAL_KINDS,
  publishLegalBodySchema,
  updateSupportContactsBodySchema,
  type AdminHelpArticle,
  type AdminPromotion,
  type Announcement,
  type LegalKind,
} from '@orchard/shared';
import type { LegalVersion } from './api';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmSheet } from '../../components/ui/confirm-sheet';
import { type Column, ConsolePage, DataTable } from '../../components/ui/console';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/console-fields';
import { DecisionButtons } from '../../components/ui/decision-buttons';
import { LanguageFields, MissingLanguages, translationValues, useLanguagesColumnHeader } from '../../components/ui/language-tabs';
import { Field } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { Prose } from '../../components/ui/prose';
import { toast } from '../../components/ui/toast';
import { isoToLocalInput, localInputToIso } from '../../lib/datetime-local';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  announcementsQueryOptions,
  articlesQueryOptions,
  contactsQueryOptions,
  legalVersionsQueryOptions,
  planChoicesQueryOptions,
  promotionsQueryOptions,
  uploadImage,
  usePublishLegal,
  useSaveAnnouncement,
  useSaveArticle,
  useSavePromotion,
  useUpdateContacts,
} from './api';
import { useAdminContentMessages, type AdminContentT } from './messages';

/*
 * The console's content pages. Forms hold text as the inputs do; each schema turns it into the
 * API's body (dates from local time to ISO, numbers from text) and the server's field messages land
 * on the same field names.
 */

const windowText = (t: AdminContentT, from: string, to: string | null) =>
  t('common.window', { from: formatDateTime(from), to: to ? formatDateTime(to) : t('common.open') });
const stateText = (t: AdminContentT, active: boolean) => (active ? t('common.active') : t('common.inactive'));

const instant = (t: AdminContentT, required: boolean) =>
  z.string().transform((text, context) => {
    const value = localInputToIso(text);
    if (value === undefined || (required && value === null)) {
      context.addIssue({ code: 'custom', message: t('common.dateInvalid') });
      return z.NEVER;
    }
    return value;
  });
const whole = (t: AdminContentT) =>
  z.string().transform((text, context) => {
    const value = text.trim() === '' ? 0 : Number(text);
    if (!Number.isInteger(value)) {
      context.addIssue({ code: 'custom', message: t('common.wholeNumber') });
      return z.NEVER;
    }
    return value;
  });

/** A list page's frame: title, intro, a "New" button opening the form sheet, the table. */
function useEditor<Row>() {
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  return { editing, create: () => setEditing({ row: null }), edit: (row: Row) => setEditing({ row }), close: () => setEditing(null) };
}

function editColumn<Row>(t: AdminContentT, label: (row: Row) => string, onEdit: (row: Row) => void): Column<Row> {
  return {
    key: 'actions',
    header: t('common.actions'),
    hideHeader: true,
    cell: (row) => (
      <div className="flex justify-end">
        <Button variant="secondary" className="min-h-10" onClick={() => onEdit(row)} aria-label={`${t('common.edit')}: ${label(row)}`}>
          {t('common.edit')}
        </Button>
      </div>
    ),
  };
}

/** A list's column saying which languages an item still lacks a text in (docs/decisions/0024). */
function languagesColumn<Row extends { missingLanguages: Announcement['missingLanguages'] }>(header: string): Column<Row> {
  return {
    key: 'languages',
    header,
    sortValue: (row) => row.missingLanguages.length,
    cell: (row) => <MissingLanguages missing={row.missingLanguages} />,
  };
}

/** The translations as the form holds them, for the API: the server keeps the fields with text. */
const translationsField = z.object({ es: z.record(z.string(), z.string()), zh: z.record(z.string(), z.string()) });

// ---------------------------------------------------------------- announcements

export function AnnouncementsPage() {
  const { t } = useAdminContentMessages();
  const query = useQuery(announcementsQueryOptions());
  const editor = useEditor<Announcement>();
  const languages = useLanguagesColumnHeader();
  const columns: Column<Announcement>[] = [
    { key: 'text', header: t('announcements.text'), cell: (row) => <span className="[overflow-wrap:anywhere]">{row.text}</span> },
    {
      key: 'window',
      header: t('common.startsAt'),
      className: 'text-sm text-gray-700 dark:text-gray-300',
      cell: (row) => windowText(t, row.startsAt, row.endsAt),
    },
    { key: 'priority', header: t('common.priority'), align: 'end', className: 'tabular-nums', cell: (row) => row.priority },
    { key: 'state', header: t('announcements.state'), cell: (row) => stateText(t, row.active) },
    languagesColumn(languages),
    editColumn(t, (row) => row.text, editor.edit),
  ];
  return (
    <ConsolePage
      title={t('announcements.title')}
      description={t('announcements.intro')}
      actions={
        <Button onClick={editor.create}>
          <Plus className="size-4" aria-hidden="true" />
          {t('announcements.newTitle')}
        </Button>
      }
    >
      <DataTable
        caption={t('announcements.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('announcements.emptyTitle'), body: t('announcements.emptyBody') }}
      />
      {editor.editing ? <AnnouncementSheet row={editor.editing.row} onClose={editor.close} /> : null}
    </ConsolePage>
  );
}

function AnnouncementSheet({ row, onClose }: { row: Announcement | null; onClose: () => void }) {
  const { t } = useAdminContentMessages();
  const save = useSaveAnnouncement();
  const schema = z
    .object({
      text: z.string(),
      translations: translationsField,
      startsAt: instant(t, false),
      endsAt: instant(t, false),
      priority: whole(t),
      active: z.boolean(),
    })
    .transform((form) => ({ ...form, startsAt: form.startsAt ?? undefined }));
  const form = useZodForm(schema, {
    defaultValues: {
      text: row?.text ?? '',
      translations: translationValues(['text'], row?.translations),
      startsAt: isoToLocalInput(row?.startsAt),
      endsAt: isoToLocalInput(row?.endsAt),
      priority: String(row?.priority ?? 0),
      active: row?.active ?? true,
    },
  });
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(row ? 'announcements.editTitle' : 'announcements.newTitle')}
      size="wide"
    >
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: row?.id ?? null, body });
            toast(t('common.saved'));
            onClose();
          }}
        >
          <LanguageFields fields={['text']}>
            {(name, lang) => (
              <TextField
                name={name('text')}
                label={t('announcements.text')}
                hint={t('announcements.textHint')}
                maxLength={280}
                autoComplete="off"
                lang={lang}
              />
            )}
          </LanguageFields>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="startsAt" type="datetime-local" label={t('common.startsAt')} hint={t('common.dateHint')} />
            <TextField name="endsAt" type="datetime-local" label={t('common.endsAt')} hint={t('common.dateHint')} />
          </div>
          <TextField name="priority" inputMode="numeric" label={t('common.priority')} hint={t('common.priorityHint')} />
          <CheckboxField name="active" label={t('common.active')} />
          <DecisionButtons close={close} backLabel={t('common.cancel')} confirmLabel={t('common.save')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}

// ---------------------------------------------------------------- promotions

export function PromotionsPage() {
  const { t } = useAdminContentMessages();
  const query = useQuery(promotionsQueryOptions());
  const editor = useEditor<AdminPromotion>();
  const languages = useLanguagesColumnHeader();
  const columns: Column<AdminPromotion>[] = [
    {
      key: 'title',
      header: t('promotions.name'),
      cell: (row) => (
        <div className="flex items-center gap-3">
          {row.imageUrl ? <img src={row.imageUrl} alt="" className="h-10 w-20 rounded-lg object-cover" /> : null}
          <span className="font-medium">{row.title}</span>
        </div>
      ),
    },
    {
      key: 'window',
      header: t('common.startsAt'),
      className: 'text-sm text-gray-700 dark:text-gray-300',
      cell: (row) => windowText(t, row.startsAt, row.endsAt),
    },
    { key: 'priority', header: t('common.priority'), align: 'end', className: 'tabular-nums', cell: (row) => row.priority },
    { key: 'state', header: t('announcements.state'), cell: (row) => stateText(t, row.active) },
    languagesColumn(languages),
    editColumn(t, (row) => row.title, editor.edit),
  ];
  return (
    <ConsolePage
      title={t('promotions.title')}
      description={t('promotions.intro')}
      actions={
        <Button onClick={editor.create}>
          <Plus className="size-4" aria-hidden="true" />
          {t('promotions.newTitle')}
        </Button>
      }
    >
      <DataTable
        caption={t('promotions.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('promotions.emptyTitle'), body: t('promotions.emptyBody') }}
      />
      {editor.editing ? <PromotionSheet row={editor.editing.row} onClose={editor.close} /> : null}
    </ConsolePage>
  );
}

function PromotionSheet({ row, onClose }: { row: AdminPromotion | null; onClose: () => void }) {
  const { t } = useAdminContentMessages();
  const save = useSavePromotion();
  const plans = useQuery(planChoicesQueryOptions());
  const [image, setImage] = useState<{ id: string; url: string } | null>(
    row?.imageId && row.imageUrl ? { id: row.imageId, url: row.imageUrl } : null,
  );
  const [imageError, setImageError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const schema = z.object({
    title: z.string(),
    bodyMd: z.string(),
    translations: translationsField,
    startsAt: instant(t, true),
    endsAt: instant(t, true),
    planId: z.string().transform((value) => value || null),
    couponCode: z.string().transform((value) => value.trim() || null),
    priority: whole(t),
    active: z.boolean(),
  });
  const form = useZodForm(schema, {
    defaultValues: {
      title: row?.title ?? '',
      bodyMd: row?.bodyMd ?? '',
      translations: translationValues(['title', 'bodyMd'], row?.translations),
      startsAt: isoToLocalInput(row?.startsAt),
      endsAt: isoToLocalInput(row?.endsAt),
      planId: row?.planId ?? '',
      couponCode: row?.couponCode ?? '',
      priority: String(row?.priority ?? 0),
      active: row?.active ?? true,
    },
  });
  return (
    <ConfirmSheet
      open
      onOpenChange={(next) => !next && onClose()}
      title={t(row ? 'promotions.editTitle' : 'promotions.newTitle')}
      size="wide"
    >
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            await save.mutateAsync({
              id: row?.id ?? null,
              body: { ...body, startsAt: body.startsAt!, endsAt: body.endsAt!, imageId: image?.id ?? null },
            });
            toast(t('common.saved'));
            onClose();
          }}
        >
          <LanguageFields fields={['title', 'bodyMd']}>
            {(name, lang) => (
              <>
                <TextField name={name('title')} label={t('promotions.name')} maxLength={120} autoComplete="off" lang={lang} />
                <TextAreaField
                  name={name('bodyMd')}
                  label={t('promotions.body')}
                  hint={t('promotions.bodyHint')}
                  rows={6}
                  maxLength={10_000}
                  lang={lang}
                />
              </>
            )}
          </LanguageFields>
          <Field
            id="promotion-image"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            label={t('promotions.image')}
            error={imageError}
            disabled={uploading}
            className="text-sm"
            onChange={async (event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              setImageError(undefined);
              setUploading(true);
              try {
                const uploaded = await uploadImage(file);
                setImage({ id: uploaded.id, url: uploaded.url });
                toast(t('promotions.imageUploaded'));
              } catch (error) {
                setImageError(error instanceof Error ? error.message : String(error));
              } finally {
                setUploading(false);
              }
            }}
          />
          {image ? (
            <div className="flex items-center gap-3">
              <img src={image.url} alt="" className="h-16 w-40 rounded-lg object-cover" />
              <Button variant="danger-outline" onClick={() => setImage(null)}>
                {t('promotions.imageRemove')}
              </Button>
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="startsAt" type="datetime-local" label={t('common.startsAt')} hint={t('common.dateHint')} />
            <TextField name="endsAt" type="datetime-local" label={t('common.endsAt')} hint={t('common.dateHint')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="planId"
              label={t('promotions.plan')}
              options={[
                { value: '', label: t('promotions.noPlan') },
                ...(plans.data?.items ?? []).map((plan) => ({ value: plan.id, label: plan.name })),
              ]}
            />
            <TextField name="couponCode" label={t('promotions.coupon')} maxLength={40} autoComplete="off" />
          </div>
          <TextField name="priority" inputMode="numeric" label={t('common.priority')} hint={t('common.priorityHint')} />
          <CheckboxField name="active" label={t('common.active')} />
          {row ? (
            <section aria-label={t('promotions.preview')} className="rounded-xl bg-gray-50 p-3 dark:bg-gray-800/60">
              <h3 className="mb-1 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
                {t('promotions.preview')}
              </h3>
              <Prose html={row.bodyHtml} className="text-sm" />
            </section>
          ) : null}
          <DecisionButtons close={close} backLabel={t('common.cancel')} confirmLabel={t('common.save')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}

// ---------------------------------------------------------------- help articles and contacts

export function HelpArticlesPage() {
  const { t } = useAdminContentMessages();
  const query = useQuery(articlesQueryOptions());
  const editor = useEditor<AdminHelpArticle>();
  const languages = useLanguagesColumnHeader();
  const columns: Column<AdminHelpArticle>[] = [
    { key: 'topic', header: t('help.topic'), className: 'whitespace-nowrap', cell: (row) => t(`help.categories.${row.category}`) },
    { key: 'question', header: t('help.question'), cell: (row) => <span className="font-medium">{row.title}</span> },
    { key: 'state', header: t('announcements.state'), cell: (row) => (row.published ? t('help.published') : t('help.draft')) },
    languagesColumn(languages),
    editColumn(t, (row) => row.title, editor.edit),
  ];
  return (
    <ConsolePage
      title={t('help.title')}
      description={t('help.intro')}
      actions={
        <Button onClick={editor.create}>
          <Plus className="size-4" aria-hidden="true" />
          {t('help.newTitle')}
        </Button>
      }
    >
      <DataTable
        caption={t('help.caption')}
        columns={columns}
        rows={query.data?.items}
        rowKey={(row) => row.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={{ title: t('help.emptyTitle'), body: t('help.emptyBody') }}
      />
      <ContactsCard />
      {editor.editing ? <ArticleSheet row={editor.editing.row} onClose={editor.close} /> : null}
    </ConsolePage>
  );
}

function ArticleSheet({ row, onClose }: { row: AdminHelpArticle | null; onClose: () => void }) {
  const { t } = useAdminContentMessages();
  const save = useSaveArticle();
  const schema = z.object({
    category: z.enum(HELP_CATEGORIES),
    title: z.string(),
    bodyMd: z.string(),
    translations: translationsField,
    sortOrder: whole(t),
    published: z.boolean(),
  });
  const form = useZodForm(schema, {
    defaultValues: {
      category: row?.category ?? 'getting_started',
      title: row?.title ?? '',
      bodyMd: row?.bodyMd ?? '',
      translations: translationValues(['title', 'bodyMd'], row?.translations),
      sortOrder: String(row?.sortOrder ?? 0),
      published: row?.published ?? true,
    },
  });
  return (
    <ConfirmSheet open onOpenChange={(next) => !next && onClose()} title={t(row ? 'help.editTitle' : 'help.newTitle')} size="wide">
      {(close) => (
        <Form
          form={form}
          onSubmit={async (body) => {
            await save.mutateAsync({ id: row?.id ?? null, body });
            toast(t('common.saved'));
            onClose();
          }}
        >
          <SelectField
            name="category"
            label={t('help.topic')}
            options={HELP_CATEGORIES.map((value) => ({ value, label: t(`help.categories.${value}`) }))}
          />
          <LanguageFields fields={['title', 'bodyMd']}>
            {(name, lang) => (
              <>
                <TextField name={name('title')} label={t('help.question')} maxLength={160} autoComplete="off" lang={lang} />
                <TextAreaField
                  name={name('bodyMd')}
                  label={t('help.answer')}
                  hint={t('promotions.bodyHint')}
                  rows={8}
                  maxLength={20_000}
                  lang={lang}
                />
              </>
            )}
          </LanguageFields>
          <TextField name="sortOrder" inputMode="numeric" label={t('help.order')} />
          <CheckboxField name="published" label={t('help.published')} />
          <DecisionButtons close={close} backLabel={t('common.cancel')} confirmLabel={t('common.save')} tone="primary" />
        </Form>
      )}
    </ConfirmSheet>
  );
}

const contactsForm = z.object({ email: z.string(), phone: z.string(), hours: z.string() }).transform((form, context) => {
  const body = { email: form.email.trim() || null, phone: form.phone.trim() || null, hours: form.hours.trim() || null };
  const parsed = updateSupportContactsBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

function ContactsCard() {
  const { t } = useAdminContentMessages();
  const contacts = useQuery(contactsQueryOptions());
  if (!contacts.data) return null;
  return <ContactsForm initial={contacts.data} key={JSON.stringify(contacts.data)} t={t} />;
}

function ContactsForm({ initial, t }: { initial: { email: string | null; phone: string | null; hours: string | null }; t: AdminContentT }) {
  const update = useUpdateContacts();
  const form = useZodForm(contactsForm, {
    defaultValues: { email: initial.email ?? '', phone: initial.phone ?? '', hours: initial.hours ?? '' },
  });
  return (
    <Card className="flex max-w-xl flex-col gap-3">
      <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('help.contacts')}</h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('help.contactsIntro')}</p>
      <Form
        form={form}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          toast(t('common.saved'));
        }}
      >
        <TextField name="email" type="email" label={t('help.email')} autoComplete="off" />
        <TextField name="phone" label={t('help.phone')} autoComplete="off" />
        <TextField name="hours" label={t('help.hours')} autoComplete="off" />
        <SubmitButton className="sm:w-auto sm:self-start">{t('common.save')}</SubmitButton>
      </Form>
    </Card>
  );
}

// ---------------------------------------------------------------- legal pages

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
