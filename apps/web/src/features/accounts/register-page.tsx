import '../../app.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useFormContext } from 'react-hook-form';
import { EarningsLink } from '../../components/earnings-link';
import { cn } from '../../components/ui/cn';
import { inputClass, linkClass } from '../../components/ui/field';
import { Form, SubmitButton, TextField, useFieldError, useZodForm } from '../../components/ui/form';
import { authOptionsQueryOptions, register } from './api';
import { AuthTitle } from './auth-title';
import { registerSchema } from './form-schemas';
import { useAccountsMessages } from './messages';
import { NewPasswordFields } from './new-password-fields';
import { savePendingCode } from './pending';
import { useHomeIfSignedIn } from './signed-out-only';

/** Email or phone, one of them: the switch between the two and the field of the one chosen. */
function ContactFields({ kind, onKind }: { kind: 'email' | 'phone'; onKind: (kind: 'email' | 'phone') => void }) {
  const { t } = useAccountsMessages();
  const { resetField } = useFormContext();
  const kindButton = (value: 'email' | 'phone', label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      onClick={() => {
        onKind(value);
        resetField('email');
        resetField('phone');
      }}
      className={cn(
        'min-h-10 rounded-lg text-sm font-medium transition-colors',
        kind === value
          ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50'
          : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
      )}
    >
      {label}
    </button>
  );

  return (
    <>
      <div
        role="radiogroup"
        aria-label={t('register.contactKind')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
      >
        {kindButton('email', t('register.useEmail'))}
        {kindButton('phone', t('register.usePhone'))}
      </div>
      {kind === 'email' ? (
        <TextField
          key="email"
          name="email"
          label={t('field.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      ) : (
        <TextField
          key="phone"
          name="phone"
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder="+15551234567"
          hint={t('field.phoneHint')}
        />
      )}
    </>
  );
}

/** `/register`: email or phone, name, password twice, invite code (from `?ref=`). */
export function RegisterPage() {
  const { t } = useAccountsMessages();
  const router = useRouter();
  // Read once, and without throwing while the page leaves after registering.
  const search = useSearch({ from: '/_auth/register', shouldThrow: false });
  const [referral] = useState(() => search?.ref ?? '');
  const { data: options } = useQuery(authOptionsQueryOptions());
  const requireInvite = options?.requireInvite ?? false;
  const [kind, setKind] = useState<'email' | 'phone'>('email');
  const form = useZodForm(registerSchema(kind, requireInvite), {
    defaultValues: {
      email: '',
      phone: '',
      displayName: '',
      password: '',
      repeat: '',
      inviteCode: referral.trim().toUpperCase(),
      acceptedTermsVersion: false,
    },
  });
  // A signed-in member has an account.
  const away = useHomeIfSignedIn();
  if (away !== undefined) return away;

  return (
    <Form
      form={form}
      onSubmit={async ({ email, phone, displayName, password, inviteCode }) => {
        const sent = await register({
          ...(kind === 'email' ? { email } : { phone }),
          displayName,
          password,
          ...(inviteCode ? { inviteCode } : {}),
          // The version this page showed; a newer one is refused on the box's field.
          acceptedTermsVersion: options?.termsVersion ?? '',
        });
        savePendingCode({
          kind: 'register',
          verificationId: sent.verificationId,
          destination: sent.destination,
          resendAvailableAt: sent.resendAvailableAt,
        });
        await router.navigate({ to: '/verify-code' });
      }}
    >
      <AuthTitle title={t('register.title')} lead={t('register.lead')} />
      <ContactFields kind={kind} onKind={setKind} />
      <TextField name="displayName" label={t('field.displayName')} autoComplete="name" maxLength={60} />
      <NewPasswordFields name="password" />
      <TextField
        name="inviteCode"
        label={requireInvite ? t('field.inviteCode') : t('field.inviteCodeOptional')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        className={cn(inputClass, 'tracking-wide uppercase')}
        hint={t('field.inviteHint')}
      />
      <TermsCheckbox version={options?.termsVersion} />
      <SubmitButton>{t('register.submit')}</SubmitButton>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        {t('register.haveAccount')}{' '}
        <Link to="/" className={linkClass}>
          {t('register.signIn')}
        </Link>
      </p>
    </Form>
  );
}

/** "terms-2+privacy-1" (the newest published texts, accounts/terms.ts) in words; a built-in version as it is. */
function termsVersionText(version: string, t: ReturnType<typeof useAccountsMessages>['t']): string {
  const published = /^terms-(\d+)\+privacy-(\d+)$/.exec(version);
  return published
    ? t('register.termsVersions', { terms: published[1]!, privacy: published[2]! })
    : t('register.termsVersion', { version });
}

/** The required consent: the box, the version it names, a link to read the texts, its error. */
function TermsCheckbox({ version }: { version: string | undefined }) {
  const { t } = useAccountsMessages();
  const { register } = useFormContext();
  const error = useFieldError('acceptedTermsVersion');
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex min-h-11 items-center gap-3 font-medium text-gray-900 dark:text-gray-100">
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-primary-700 dark:accent-primary-500"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'terms-note terms-error' : 'terms-note'}
          {...register('acceptedTermsVersion')}
        />
        {t('register.acceptTerms')}
      </label>
      <p id="terms-note" className="pl-8 text-gray-600 dark:text-gray-400">
        {version && `${termsVersionText(version, t)} `}
        {/* A new tab: what was typed into this form stays. */}
        <Link to="/about" hash="terms" target="_blank" rel="noopener" className={linkClass}>
          {t('register.readTerms')}
        </Link>
      </p>
      {/* Before joining: what members really earn (docs/decisions/0031), in a new tab too. */}
      <EarningsLink newTab className="pl-8" />
      {error && (
        <p id="terms-error" className="pl-8 text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
