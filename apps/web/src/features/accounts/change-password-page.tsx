import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MessageResponse } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { meQueryOptions } from '../../lib/session';
import { Field, FormMessage, linkClass } from './field';
import { useAccountsMessages } from './messages';
import { accountError, newPasswordErrors } from './password-checks';
import { StrengthMeter } from './strength-meter';
import { useSubmit } from './use-submit';

/**
 * `/user/password` (public): signed in it asks the current and the new password; signed out it
 * also asks for the account. Other sessions end.
 */
export function ChangePasswordPage() {
  const { t } = useAccountsMessages();
  const { data: me } = useQuery(meQueryOptions());
  const signedIn = Boolean(me);
  const [account, setAccount] = useState('');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const form = useSubmit(['account', 'currentPassword', 'newPassword'], t('common.genericError'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const passwords = newPasswordErrors(t, password, repeat);
    void form.submit(
      {
        account: signedIn ? undefined : accountError(t, account),
        currentPassword: current ? undefined : t('check.currentRequired'),
        newPassword: passwords.password,
        repeat: passwords.repeat,
      },
      async () => {
        await apiFetch<MessageResponse>('/auth/password', {
          method: 'POST',
          body: { ...(signedIn ? {} : { account: account.trim() }), currentPassword: current, newPassword: password },
        });
        setCurrent('');
        setPassword('');
        setRepeat('');
        setDone(true);
      },
    );
  };

  return (
    <Page title={t('password.title')} backTo={signedIn ? '/profile' : undefined}>
      <Card>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <p className="text-sm text-gray-600 dark:text-gray-400">{signedIn ? t('password.leadSignedIn') : t('password.leadSignedOut')}</p>
          {/* Password managers file the change under the right account. */}
          {signedIn ? (
            <input type="text" name="username" autoComplete="username" value={me?.email ?? me?.phone ?? ''} readOnly hidden />
          ) : (
            <Field
              id="account"
              label={t('field.account')}
              inputMode="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={account}
              onChange={(event) => setAccount(event.target.value)}
              error={form.errors.account}
            />
          )}
          <Field
            id="currentPassword"
            label={t('field.currentPassword')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            error={form.errors.currentPassword}
          />
          <div className="flex flex-col gap-2">
            <Field
              id="newPassword"
              label={t('field.newPassword')}
              type="password"
              autoComplete="new-password"
              aria-describedby="password-strength"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={form.errors.newPassword}
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
            error={form.errors.repeat}
          />
          {done && <FormMessage tone="success">{t('password.done')}</FormMessage>}
          <FormMessage>{form.message}</FormMessage>
          <Button type="submit" isBusy={form.isBusy} className="w-full">
            {t('password.submit')}
          </Button>
          <Link to="/forget-password" className={`text-center text-sm ${linkClass}`}>
            {t('password.forgot')}
          </Link>
        </form>
      </Card>
    </Page>
  );
}
