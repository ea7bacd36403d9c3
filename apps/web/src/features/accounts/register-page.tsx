import '../../app.css';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { CodeSent } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { authOptionsQueryOptions } from './queries';
import { accountProblem } from './checks';
import { AuthTitle, Field, FormMessage, linkClass } from './field';
import { useAccountsMessages } from './messages';
import { newPasswordErrors } from './password-checks';
import { savePendingCode } from './pending';
import { StrengthMeter } from './strength-meter';
import { useSubmit } from './use-submit';

const INVITE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** `/register`: email or phone, name, password twice, invite code (from `?ref=`). */
export function RegisterPage() {
  const { t } = useAccountsMessages();
  const router = useRouter();
  // Read once (not through a state hook): the invite code of the share link.
  const [referral] = useState(() => router.state.matches.find((match) => match.routeId === '/_auth/register')?.search.ref);
  const { data: options } = useQuery(authOptionsQueryOptions());
  const min = options?.passwordMinLength ?? 8;
  const max = options?.passwordMaxLength ?? 128;
  const [kind, setKind] = useState<'email' | 'phone'>('email');
  const [contact, setContact] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [inviteCode, setInviteCode] = useState((referral ?? '').trim().toUpperCase());
  const form = useSubmit(['email', 'phone', 'displayName', 'password', 'inviteCode'], t('common.genericError'));
  const { errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = contact.trim();
    const contactProblem =
      kind === 'email'
        ? !value || !value.includes('@') || accountProblem(value)
          ? t('check.emailInvalid')
          : undefined
        : !value || value.includes('@') || accountProblem(value)
          ? t('check.phoneInvalid')
          : undefined;
    const name = displayName.trim();
    const code = inviteCode.trim().toUpperCase();
    const passwords = newPasswordErrors(t, password, repeat, min, max);
    void form.submit(
      {
        [kind]: contactProblem,
        displayName: !name ? t('check.nameRequired') : name.length > 60 ? t('check.nameTooLong') : undefined,
        password: passwords.password,
        repeat: passwords.repeat,
        inviteCode: code
          ? INVITE.test(code)
            ? undefined
            : t('check.inviteInvalid')
          : options?.requireInvite
            ? t('check.inviteRequired')
            : undefined,
      },
      async () => {
        const sent = await apiFetch<CodeSent>('/auth/register', {
          method: 'POST',
          body: { [kind]: value, displayName: name, password, ...(code ? { inviteCode: code } : {}) },
        });
        savePendingCode({
          kind: 'register',
          verificationId: sent.verificationId,
          destination: sent.destination,
          resendAvailableAt: sent.resendAvailableAt,
        });
        await router.navigate({ to: '/verify-code' });
      },
    );
  };

  const kindButton = (value: 'email' | 'phone', label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={kind === value}
      onClick={() => {
        setKind(value);
        setContact('');
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <AuthTitle title={t('register.title')} lead={t('register.lead')} />
      <div
        role="radiogroup"
        aria-label={t('register.contactKind')}
        className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800"
      >
        {kindButton('email', t('register.useEmail'))}
        {kindButton('phone', t('register.usePhone'))}
      </div>
      {kind === 'email' ? (
        <Field
          key="email"
          id="email"
          label={t('field.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          error={errors.email}
        />
      ) : (
        <Field
          key="phone"
          id="phone"
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder="+15551234567"
          hint={t('field.phoneHint')}
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          error={errors.phone}
        />
      )}
      <Field
        id="displayName"
        label={t('field.displayName')}
        autoComplete="name"
        maxLength={60}
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
        error={errors.displayName}
      />
      <div className="flex flex-col gap-2">
        <Field
          id="password"
          label={t('field.password')}
          type="password"
          autoComplete="new-password"
          aria-describedby="password-strength"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <StrengthMeter id="password-strength" password={password} />
      </div>
      <Field
        id="repeat"
        label={t('field.repeatPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={errors.repeat}
      />
      <Field
        id="inviteCode"
        label={options?.requireInvite ? t('field.inviteCode') : t('field.inviteCodeOptional')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        hint={t('field.inviteHint')}
        value={inviteCode}
        onChange={(event) => setInviteCode(event.target.value.toUpperCase())}
        error={errors.inviteCode}
      />
      <FormMessage>{form.message}</FormMessage>
      <Button type="submit" isBusy={form.isBusy} className="w-full">
        {t('register.submit')}
      </Button>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        {t('register.haveAccount')}{' '}
        <Link to="/" className={linkClass}>
          {t('register.signIn')}
        </Link>
      </p>
    </form>
  );
}
