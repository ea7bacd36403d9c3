import { useQuery } from '@tanstack/react-query';
import { setMaintenanceBodySchema } from '@orchard/shared';
import { ActionCard } from '../../components/ui/card';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { maintenanceQueryOptions } from '../../lib/maintenance';
import { useSetMaintenance } from './api';
import { useAdminAccountsMessages } from './messages';

const switchForm = setMaintenanceBodySchema.pick({ message: true, reason: true });

/** The operator's maintenance switch on the console's landing (audited, with a reason). */
export function MaintenanceCard() {
  const { t } = useAdminAccountsMessages();
  const { data } = useQuery(maintenanceQueryOptions());
  const turn = useSetMaintenance();
  const form = useZodForm(switchForm, { defaultValues: { message: '', reason: '' } });
  if (!data) return null;
  const turningOn = !data.on;
  return (
    <ActionCard
      title={t('maintenance.title')}
      lead={t(data.source === 'environment' ? 'maintenance.fromEnvironment' : turningOn ? 'maintenance.offLead' : 'maintenance.onLead')}
    >
      {data.source === 'environment' ? null : (
        <Form
          form={form}
          onSubmit={async ({ message, reason }) => {
            await turn.mutateAsync({ on: turningOn, reason, ...(turningOn && message ? { message } : {}) });
            form.reset({ message: '', reason: '' });
          }}
        >
          {turningOn ? (
            <TextField
              id="maintenance-message"
              name="message"
              label={t('maintenance.message')}
              hint={t('maintenance.messageHint')}
              maxLength={300}
              autoComplete="off"
            />
          ) : null}
          <TextField id="maintenance-reason" name="reason" label={t('maintenance.reason')} maxLength={500} autoComplete="off" />
          <SubmitButton className="sm:w-auto sm:self-start" variant={turningOn ? 'danger' : 'primary'}>
            {t(turningOn ? 'maintenance.turnOn' : 'maintenance.turnOff')}
          </SubmitButton>
        </Form>
      )}
    </ActionCard>
  );
}
