import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { confirmTotpBodySchema, verifySecondFactorBodySchema, type SecondFactorStatus, type TotpSetup } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConsolePage } from '../../components/ui/console';
import { Form, SubmitButton, TextField, useZodForm } from '../../components/ui/form';
import { secondFactorQueryOptions } from '../../lib/second-factor';
import {
  useConfirmTotp,
  useConsoleSignOut,
  usePasskeySecondFactor,
  useSecondFactorProved,
  useStartTotpSetup,
  useVerifySecondFactor,
} from './api';
import { useAdminAccountsMessages } from './messages';
import { CopyButton } from '../../components/ui/copy-button';

const heading = 'text-xl font-semibold text-gray-900 dark:text-gray-50';
const lead = 'text-sm text-gray-600 dark:text-gray-400';

/** Into the console, once this session has proved the second factor. */
function useOpenConsole() {
  const router = useRouter();
  return () => void router.navigate({ to: '/admin' });
}

/** The ten recovery codes, shown once after the authenticator is confirmed. */
function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const { t } = useAdminAccountsMessages();
  const open = useOpenConsole();
  const proved = useSecondFactorProved();
  const status = useQuery(secondFactorQueryOptions()).data;
  return (
    <div className="flex flex-col gap-4">
      <h1 className={heading}>{t('secondFactor.codesTitle')}</h1>
      <p className={lead}>{t('secondFactor.codesLead')}</p>
      <ol aria-label={t('secondFactor.codesTitle')} className="grid grid-cols-2 gap-2 font-mono text-sm text-gray-900 dark:text-gray-100">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-gray-100 px-3 py-2 text-center tracking-wide dark:bg-gray-800">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label={t('secondFactor.copyCodes')} done={t('member.copied')} />
        <Button
          onClick={() => {
            if (status) proved({ ...status, verified: true, totp: true, recoveryCodesLeft: codes.length });
            open();
          }}
        >
          {t('secondFactor.continue')}
        </Button>
      </div>
    </div>
  );
}

/** Scan (or type) the new secret, then a code from the app confirms it. */
function ConfirmAuthenticator({ setup }: { setup: TotpSetup }) {
  const { t } = useAdminAccountsMessages();
  const confirm = useConfirmTotp();
  const form = useZodForm(confirmTotpBodySchema, { defaultValues: { code: '' } });
  if (confirm.data) return <RecoveryCodesPanel codes={confirm.data.recoveryCodes} />;
  return (
    <div className="flex flex-col gap-4">
      <h1 className={heading}>{t('secondFactor.scanTitle')}</h1>
      <p className={lead}>{t('secondFactor.scanLead')}</p>
      <img
        src={setup.qrSvgDataUrl}
        alt={t('secondFactor.qrAlt')}
        width={192}
        height={192}
        className="self-center rounded-xl bg-white p-2"
      />
      <div className="flex flex-col gap-1">
        <span className="text-sm text-gray-600 dark:text-gray-400">{t('secondFactor.secretLabel')}</span>
        <div className="flex flex-wrap items-center gap-2">
          <code data-testid="totp-secret" className="font-mono text-sm tracking-wider break-all text-gray-900 dark:text-gray-100">
            {setup.secret}
          </code>
          <CopyButton text={setup.secret} label={t('secondFactor.copySecret')} done={t('member.copied')} />
        </div>
      </div>
      <Form form={form} onSubmit={({ code }) => confirm.mutateAsync(code)}>
        <TextField
          id="totp-confirm-code"
          name="code"
          label={t('secondFactor.appCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <SubmitButton className="sm:w-auto sm:self-start">{t('secondFactor.confirmApp')}</SubmitButton>
      </Form>
    </div>
  );
}

function SetUpAuthenticator() {
  const { t } = useAdminAccountsMessages();
  const start = useStartTotpSetup();
  if (start.data) return <ConfirmAuthenticator setup={start.data} />;
  return (
    <div className="flex flex-col gap-4">
      <h1 className={heading}>{t('secondFactor.setUpTitle')}</h1>
      <p className={lead}>{t('secondFactor.setUpLead')}</p>
      {start.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {start.error.message}
        </p>
      ) : null}
      <Button className="sm:w-auto sm:self-start" isBusy={start.isPending} onClick={() => start.mutate()}>
        {t('secondFactor.setUp')}
      </Button>
    </div>
  );
}

/** A code from the app or a recovery code; or a passkey, when the account has one. */
function EnterCode({ passkeys }: { passkeys: number }) {
  const { t } = useAdminAccountsMessages();
  const verify = useVerifySecondFactor();
  const passkey = usePasskeySecondFactor();
  const open = useOpenConsole();
  const form = useZodForm(verifySecondFactorBodySchema, { defaultValues: { code: '' } });
  return (
    <div className="flex flex-col gap-4">
      <h1 className={heading}>{t('secondFactor.enterTitle')}</h1>
      <p className={lead}>{t('secondFactor.enterLead')}</p>
      <Form
        form={form}
        onSubmit={async ({ code }) => {
          await verify.mutateAsync(code);
          open();
        }}
      >
        <TextField
          id="second-factor-code"
          name="code"
          label={t('secondFactor.code')}
          hint={t('secondFactor.codeHint')}
          autoComplete="one-time-code"
          maxLength={20}
        />
        <SubmitButton className="sm:w-auto sm:self-start">{t('secondFactor.confirm')}</SubmitButton>
      </Form>
      {passkeys > 0 ? (
        <Button
          variant="secondary"
          className="sm:w-auto sm:self-start"
          isBusy={passkey.isPending}
          onClick={() => passkey.mutate(undefined, { onSuccess: open })}
        >
          {t('secondFactor.usePasskey')}
        </Button>
      ) : null}
    </div>
  );
}

/** A session that proved it: what the account has set up, and the way back into the console. */
function Proved({ status }: { status: SecondFactorStatus }) {
  const { t } = useAdminAccountsMessages();
  const open = useOpenConsole();
  const rows: Array<[string, string]> = [
    [t('secondFactor.app'), t(status.totp ? 'secondFactor.on' : 'secondFactor.off')],
    [t('secondFactor.codesLeft'), String(status.recoveryCodesLeft)],
    [t('secondFactor.passkeys'), String(status.passkeys)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('secondFactor.provedTitle')}</h2>
      <p className={lead}>{t('secondFactor.provedLead')}</p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 border-t border-gray-200 py-2 text-sm dark:border-gray-800">
            <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="font-medium text-gray-900 tabular-nums dark:text-gray-100">{value}</dd>
          </div>
        ))}
      </dl>
      <Button className="sm:w-auto sm:self-start" onClick={open}>
        {t('secondFactor.confirm')}
      </Button>
    </div>
  );
}

/**
 * `/admin/second-factor`: where a console session proves its second factor before the console opens
 * (the console's guard sends every other console page here until then), or sets one up at the first
 * sign-in: an authenticator app, confirmed by a code, and ten recovery codes shown once.
 */
export function SecondFactorPage() {
  const { t } = useAdminAccountsMessages();
  const { data } = useQuery(secondFactorQueryOptions());
  const signOut = useConsoleSignOut();
  const router = useRouter();
  // Proved (the console around it): what is set up. Not yet: this page alone, in its own frame.
  if (data?.verified) {
    return (
      <ConsolePage title={t('member.secondFactor')}>
        <Card className="flex max-w-xl flex-col gap-4">
          <Proved status={data} />
        </Card>
      </ConsolePage>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-4 p-4">
      <Card className="flex flex-col gap-4">
        <p className="text-xs font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-400">{t('secondFactor.eyebrow')}</p>
        {!data ? (
          <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none dark:bg-gray-800" />
        ) : data.totp || data.passkeys > 0 ? (
          <EnterCode passkeys={data.passkeys} />
        ) : (
          <SetUpAuthenticator />
        )}
      </Card>
      <Button
        variant="secondary"
        className="self-center"
        isBusy={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSuccess: () => void router.navigate({ to: '/' }) })}
      >
        {t('account.signOut')}
      </Button>
    </main>
  );
}
