import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { updateSupportContactsBodySchema } from '@orchard/shared';
import { Card } from '../../components/ui/card';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { contactsQueryOptions, useUpdateContacts } from './api';
import { useAdminContentMessages, type AdminContentT } from './messages';

const contactsForm = z.object({ email: z.string(), phone: z.string(), hours: z.string() }).transform((form, context) => {
  const body = { email: form.email.trim() || null, phone: form.phone.trim() || null, hours: form.hours.trim() || null };
  const parsed = updateSupportContactsBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

/** The support contacts shown at the bottom of /help-center, on the help articles page. */
export function ContactsCard() {
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
