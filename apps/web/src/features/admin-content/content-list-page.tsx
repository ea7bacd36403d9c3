import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { AdminHelpArticle, AdminPromotion, Announcement } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState, type ListState } from '../../components/ui/console-list';
import { MissingLanguages, useLanguagesColumnHeader } from '../../components/ui/language-tabs';
import { announcementsQueryOptions, articlesQueryOptions, promotionsQueryOptions } from './api';
import { AnnouncementSheet } from './announcement-sheet';
import { ArticleSheet } from './article-sheet';
import { ContactsCard } from './contacts-card';
import { stateText, windowText } from './content-form';
import { PromotionSheet } from './promotion-sheet';
import { useAdminContentMessages, type AdminContentT } from './messages';
import { useUiMessages } from '../../components/ui/messages';

/*
 * The console's content lists (announcements, promotions, help articles) are one page: a list of
 * items, each with the languages it still lacks a text in and an "Edit" button, and a "New" button;
 * both open the kind's sheet. A kind says only its query, its columns, its sheet and its words.
 */

type ContentKindName = 'announcements' | 'promotions' | 'help';
type ContentRow = { id: string; missingLanguages: Announcement['missingLanguages'] };

interface ContentKind<Row extends ContentRow> {
  /** The kind's words in the messages, each key written out (the catalogue test finds every key in use). */
  words: Record<'title' | 'intro' | 'caption' | 'newTitle' | 'emptyTitle' | 'emptyBody', Parameters<AdminContentT>[0]>;
  useList: () => ListState<Row>;
  columns: (t: AdminContentT) => Column<Row>[];
  /** Names the row on its "Edit" button, for screen readers. */
  label: (row: Row) => string;
  Sheet: (props: { row: Row | null; onClose: () => void }) => ReactNode;
  /** What the page keeps below the list. */
  after?: ReactNode;
}

const windowColumn = <Row extends { startsAt: string; endsAt: string | null }>(t: AdminContentT): Column<Row> => ({
  key: 'window',
  header: t('common.startsAt'),
  className: 'text-sm text-gray-700 dark:text-gray-300',
  cell: (row) => windowText(t, row.startsAt, row.endsAt),
});
const priorityColumn = <Row extends { priority: number }>(t: AdminContentT): Column<Row> => ({
  key: 'priority',
  header: t('common.priority'),
  align: 'end',
  className: 'tabular-nums',
  cell: (row) => row.priority,
});
const activeColumn = <Row extends { active: boolean }>(t: AdminContentT): Column<Row> => ({
  key: 'state',
  header: t('announcements.state'),
  cell: (row) => stateText(t, row.active),
});

const announcements: ContentKind<Announcement> = {
  words: {
    title: 'announcements.title',
    intro: 'announcements.intro',
    caption: 'announcements.caption',
    newTitle: 'announcements.newTitle',
    emptyTitle: 'announcements.emptyTitle',
    emptyBody: 'announcements.emptyBody',
  },
  useList: () => listState(useQuery(announcementsQueryOptions())),
  columns: (t) => [
    {
      key: 'text',
      header: t('announcements.text'),
      cell: (row) => (
        <span className="[overflow-wrap:anywhere]">
          {row.important && <strong className="me-1 text-amber-700 dark:text-amber-400">{t('announcements.importantBadge')}</strong>}
          {row.text}
        </span>
      ),
    },
    windowColumn(t),
    priorityColumn(t),
    activeColumn(t),
  ],
  label: (row) => row.text,
  Sheet: AnnouncementSheet,
};

const promotions: ContentKind<AdminPromotion> = {
  words: {
    title: 'promotions.title',
    intro: 'promotions.intro',
    caption: 'promotions.caption',
    newTitle: 'promotions.newTitle',
    emptyTitle: 'promotions.emptyTitle',
    emptyBody: 'promotions.emptyBody',
  },
  useList: () => listState(useQuery(promotionsQueryOptions())),
  columns: (t) => [
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
    windowColumn(t),
    priorityColumn(t),
    activeColumn(t),
  ],
  label: (row) => row.title,
  Sheet: PromotionSheet,
};

function HelpTopic({ category }: { category: AdminHelpArticle['category'] }) {
  const { t } = useUiMessages();
  return t(`helpTopics.${category}`);
}

const help: ContentKind<AdminHelpArticle> = {
  words: {
    title: 'help.title',
    intro: 'help.intro',
    caption: 'help.caption',
    newTitle: 'help.newTitle',
    emptyTitle: 'help.emptyTitle',
    emptyBody: 'help.emptyBody',
  },
  useList: () => listState(useQuery(articlesQueryOptions())),
  columns: (t) => [
    { key: 'topic', header: t('help.topic'), className: 'whitespace-nowrap', cell: (row) => <HelpTopic category={row.category} /> },
    { key: 'question', header: t('help.question'), cell: (row) => <span className="font-medium">{row.title}</span> },
    { key: 'state', header: t('announcements.state'), cell: (row) => (row.published ? t('help.published') : t('help.draft')) },
  ],
  label: (row) => row.title,
  Sheet: ArticleSheet,
  after: <ContactsCard />,
};

/** `/admin/announcements`, `/admin/promotions`, `/admin/help-articles`: one content kind's list and its sheet. */
export function ContentListPage({ kind }: { kind: ContentKindName }) {
  switch (kind) {
    case 'announcements':
      return <ContentList kind={announcements} />;
    case 'promotions':
      return <ContentList kind={promotions} />;
    case 'help':
      return <ContentList kind={help} />;
  }
}

function ContentList<Row extends ContentRow>({ kind }: { kind: ContentKind<Row> }) {
  const { t } = useAdminContentMessages();
  const list = kind.useList();
  const languages = useLanguagesColumnHeader();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const { words, Sheet } = kind;
  const columns: Column<Row>[] = [
    ...kind.columns(t),
    {
      key: 'languages',
      header: languages,
      sortValue: (row) => row.missingLanguages.length,
      cell: (row) => <MissingLanguages missing={row.missingLanguages} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      hideHeader: true,
      cell: (row) => (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            className="min-h-10"
            onClick={() => setEditing({ row })}
            aria-label={`${t('common.edit')}: ${kind.label(row)}`}
          >
            {t('common.edit')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ConsoleListPage
      title={t(words.title)}
      description={t(words.intro)}
      actions={
        <Button onClick={() => setEditing({ row: null })}>
          <Plus className="size-4" aria-hidden="true" />
          {t(words.newTitle)}
        </Button>
      }
      caption={t(words.caption)}
      columns={columns}
      rowKey={(row) => row.id}
      {...list}
      empty={{ title: t(words.emptyTitle), body: t(words.emptyBody) }}
    >
      {kind.after}
      {editing ? <Sheet row={editing.row} onClose={() => setEditing(null)} /> : null}
    </ConsoleListPage>
  );
}
