import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationPreferences } from '@orchard/shared';
import { Card } from '../../components/ui/card';
import { CheckboxField } from '../../components/ui/console-fields';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { QueryLoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeletons';
import { toast } from '../../components/ui/toast';
import { preferencesQueryOptions, useSavePreferences } from './api';
import { useNotificationsMessages } from './messages';

const schema = z.object({ email: z.record(z.string(), z.boolean()), digest: z.boolean() });

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useNotificationsMessages();
  const save = useSavePreferences();
  const form = useZodForm(schema, { defaultValues: { email: saved.email, digest: saved.digest } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({ email: values.email, digest: values.digest });
        toast(t('preferences.saved'));
      }}
    >
      <fieldset className="flex flex-col" disabled={!saved.hasEmail}>
        <legend className="mb-1 text-sm font-medium text-gray-900 dark:text-gray-100">{t('preferences.email')}</legend>
        <div className="grid sm:grid-cols-2 sm:gap-x-4">
          {NOTIFICATION_KINDS.map((kind) => (
            <CheckboxField key={kind} name={`email.${kind}`} label={t(`label.${kind}`)} />
          ))}
        </div>
      </fieldset>
      <div className="border-t border-gray-200 pt-2 dark:border-gray-800">
        <CheckboxField name="digest" label={t('preferences.digest')} />
        <p className="text-xs text-gray-600 dark:text-gray-400">{t('preferences.digestHint')}</p>
      </div>
      <SubmitButton variant="primary">{t('preferences.save')}</SubmitButton>
    </Form>
  );
}

/** On /profile: which notifications are also emailed (the inbox always has them), and the daily digest. */
export function NotificationPreferencesCard() {
  const { t } = useNotificationsMessages();
  const query = useQuery(preferencesQueryOptions());
  return (
    <Card className="flex flex-col gap-3 py-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {query.data?.hasEmail === false ? t('preferences.noEmail') : t('preferences.intro')}
      </p>
      {query.isPending ? (
        <Skeleton className="h-48" />
      ) : query.isError ? (
        <QueryLoadError query={query} fallback={t('preferences.loadFailed')} />
      ) : (
        <PreferencesForm saved={query.data} />
      )}
    </Card>
  );
}
