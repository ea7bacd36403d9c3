import { z } from 'zod';
import type { Announcement } from '@orchard/shared';
import { CheckboxField } from '../../components/ui/console-fields';
import { LanguageFields, translationValues } from '../../components/ui/language-tabs';
import { TextField, useZodForm } from '../../components/ui/form';
import { isoToLocalInput } from '../../lib/datetime-local';
import { useSaveAnnouncement } from './api';
import { instant, translationsField, whole } from './content-form';
import { ContentSheet } from './content-sheet';
import { useAdminContentMessages } from './messages';

/** The sheet that writes a new announcement (row null) or edits one. */
export function AnnouncementSheet({ row, onClose }: { row: Announcement | null; onClose: () => void }) {
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
      important: z.boolean(),
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
      important: row?.important ?? false,
    },
  });
  return (
    <ContentSheet
      title={t(row ? 'announcements.editTitle' : 'announcements.newTitle')}
      form={form}
      onSave={(body) => save.mutateAsync({ id: row?.id ?? null, body })}
      onClose={onClose}
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
      <WindowFields />
      <TextField name="priority" inputMode="numeric" label={t('common.priority')} hint={t('common.priorityHint')} />
      <CheckboxField name="active" label={t('common.active')} />
      <CheckboxField name="important" label={t('announcements.important')} />
    </ContentSheet>
  );
}

/** The start and end of the time an item is shown, side by side. */
export function WindowFields() {
  const { t } = useAdminContentMessages();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField name="startsAt" type="datetime-local" label={t('common.startsAt')} hint={t('common.dateHint')} />
      <TextField name="endsAt" type="datetime-local" label={t('common.endsAt')} hint={t('common.dateHint')} />
    </div>
  );
}
