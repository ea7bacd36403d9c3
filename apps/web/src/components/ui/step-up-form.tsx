import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { verifySecondFactorBodySchema } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { settleStepUp } from '../../lib/console-step-up';
import { secondFactorQueryOptions } from '../../lib/second-factor';
import { Button } from './button';
import { Form, SubmitButton, TextField, useZodForm } from './form';
import { useUiMessages } from './messages';

/**
 * In the open confirm sheet, in place of its buttons: the console's second factor again before a
 * money action (lib/console-step-up.ts). A code from the app, a recovery code, or a passkey; once
 * taken, the action the sheet confirms goes on by itself. Back leaves the action refused.
 */
export default function StepUpForm() {
  const { t } = useUiMessages();
  const form = useZodForm(verifySecondFactorBodySchema, { defaultValues: { code: '' } });
  const passkeys = useQuery(secondFactorQueryOptions()).data?.passkeys ?? 0;
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const provePasskey = async () => {
    setPasskeyBusy(true);
    try {
      await (await import('../../lib/passkeys')).stepUpWithPasskey();
      settleStepUp(true);
    } catch {
      setPasskeyBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="step-up-form">
      <h3 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('stepUp.title')}</h3>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('stepUp.lead')}</p>
      <Form
        form={form}
        onSubmit={async ({ code }) => {
          await apiFetch('/me/second-factor/verify', { method: 'POST', body: { code } });
          settleStepUp(true);
        }}
      >
        <TextField id="step-up-code" name="code" label={t('stepUp.code')} autoComplete="one-time-code" inputMode="numeric" maxLength={20} />
        <SubmitButton className="w-full">{t('stepUp.confirm')}</SubmitButton>
      </Form>
      {passkeys > 0 && (
        <Button variant="secondary" className="w-full" isBusy={passkeyBusy} onClick={() => void provePasskey()}>
          {t('stepUp.passkey')}
        </Button>
      )}
      <Button variant="ghost" className="w-full" onClick={() => settleStepUp(false)}>
        {t('stepUp.back')}
      </Button>
    </div>
  );
}
