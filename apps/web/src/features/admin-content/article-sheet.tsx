import { z } from 'zod';
import { HELP_CATEGORIES, type AdminHelpArticle } from '@orchard/shared';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/console-fields';
import { LanguageFields, translationValues } from '../../components/ui/language-tabs';
import { TextField, useZodForm } from '../../components/ui/form';
import { useSaveArticle } from './api';
import { translationsField, whole } from './content-form';
import { ContentSheet } from './content-sheet';
import { useAdminContentMessages } from './messages';
import { useUiMessages } from '../../components/ui/messages';

/** The sheet that writes a new help article (row null) or edits one. */
export function ArticleSheet({ row, onClose }: { row: AdminHelpArticle | null; onClose: () => void }) {
  const { t } = useAdminContentMessages();
  const { t: topics } = useUiMessages();
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
    <ContentSheet
      title={t(row ? 'help.editTitle' : 'help.newTitle')}
      form={form}
      onSave={(body) => save.mutateAsync({ id: row?.id ?? null, body })}
      onClose={onClose}
    >
      <SelectField
        name="category"
        label={t('help.topic')}
        options={HELP_CATEGORIES.map((value) => ({ value, label: topics(`helpTopics.${value}`) }))}
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
    </ContentSheet>
  );
}
