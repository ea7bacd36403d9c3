import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import type { SignedIn, SignInNeedsCode } from '@orchard/shared';
import { ApiError, apiFetch } from '../../lib/api-client';
import { appConfig } from '../../lib/config';
import { Button, Field, FormAlert, linkClass } from '../../components/ui/controls';
import { useSignInMessages } from './sign-in-messages';
import { setSignedIn } from '../../lib/session';

/*
 * `/`: sign in with email or phone and password, or ask for a sign-in link.
 *
 * This page is the first load of the app (docs/decisions/0004, budget 120 KB gzip), so it is
 * one lean chunk: plain state and hand-written checks, no form or schema library (react-hook-form
 * and zod do not fit the budget, docs/decisions/0010). It shares the field markup
 * (components/ui/controls.tsx) with the form kit. It checks only that both fields are filled:
 * the format of the account is the server's to check (the shared contract), and its message
 * lands under the field like any server field error. It repeats the key of pending.ts instead of
 * importing it: each shared module would be one more file on this load. Router and query state
 * are read through objects the entry chunk already has.
 */

/** The key of `pending.ts` (what /verify-code reads). */
const PENDING_CODE_KEY = 'orchard:pending-code';

type Errors = { account?: string; password?: string };

function savePending(value: Record<string, unknown>) {
  try {
    sessionStorage.setItem(PENDING_CODE_KEY, JSON.stringify(value));
  } catch {
    // No storage (private mode): /verify-code explains what to do.
  }
}

/**
 * The page's three ways in (password, a sign-in link, a passkey): each checks what it needs, shows
 * which one is busy, and puts the server's field messages under their fields.
 */
function useSignIn(account: string, password: string) {
  const { t } = useSignInMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState<'password' | 'link' | 'passkey'>();

  /** Made safe by the route's beforeLoad (safeRedirectPath). */
  const redirectTo = () =>
    (router.state.matches.find((match) => match.routeId === '/_auth/')?.context as { redirectTo?: string } | undefined)?.redirectTo ??
    '/home';

  const accountError = () => (account.trim() ? undefined : t('check.accountRequired'));

  const run = async (kind: 'password' | 'link' | 'passkey', checked: Errors, request: () => Promise<void>) => {
    setErrors(checked);
    setMessage(undefined);
    if (checked.account || checked.password) return;
    setBusy(kind);
    try {
      await request();
    } catch (error) {
      // Field messages under their fields; anything else (wrong password, 429 with its wait,
      // no connection) above the button.
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({ account: fields.account, password: fields.password });
      setMessage(fields.account || fields.password ? undefined : error instanceof Error ? error.message : String(error));
      setBusy(undefined);
    }
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run('password', { account: accountError(), password: password ? undefined : t('check.passwordRequired') }, async () => {
      const result = await apiFetch<SignedIn | SignInNeedsCode>('/auth/sign-in', {
        method: 'POST',
        body: { account: account.trim(), password },
      });
      if ('verification' in result) {
        // The account was never verified (its code page was closed): the code is on its way again.
        const { verificationId, destination, resendAvailableAt } = result.verification;
        savePending({ kind: 'register', verificationId, destination, resendAvailableAt, resumed: true });
        await router.navigate({ to: '/verify-code' });
        return;
      }
      // As setSignedIn (lib/session.ts): nothing cached for someone else may show.
      setSignedIn(queryClient, result.user);
      await router.navigate({ href: redirectTo() });
    });
  };

  const sendLink = () =>
    run('link', { account: accountError() }, async () => {
      const target = redirectTo();
      const body = { account: account.trim(), ...(target === '/home' ? {} : { redirect: target }) };
      await apiFetch('/auth/sign-in-link/request', { method: 'POST', body });
      const resendAvailableAt = new Date(Date.now() + 60_000).toISOString();
      savePending({ kind: 'signIn', ...body, redirect: target, resendAvailableAt });
      await router.navigate({ to: '/verify-code' });
    });

  // The passkey code (and its library) loads only when the button is pressed.
  const passkeySignIn = () =>
    run('passkey', {}, async () => {
      const passkeys = await import('../../lib/passkeys');
      const user = await passkeys.signInWithPasskey().catch((error: unknown) => {
        if (error instanceof ApiError) throw error;
        throw new Error(t(passkeys.isPasskeyCancelled(error) ? 'signIn.passkeyCancelled' : 'signIn.passkeyUnavailable'));
      });
      setSignedIn(queryClient, user);
      await router.navigate({ href: redirectTo() });
    });

  return { errors, message, busy, signIn, sendLink, passkeySignIn };
}

export function SignInPage() {
  const { t } = useSignInMessages();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const title = t('signIn.title');

  useEffect(() => {
    document.title = `${title} · ${appConfig.appName}`;
  }, [title]);

  const { errors, message, busy, signIn, sendLink, passkeySignIn } = useSignIn(account, password);

  return (
    <form noValidate onSubmit={signIn} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <h1 className="text-xl font-semibold text-gray-900 dark:text-gray-50">{title}</h1>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('signIn.lead')}</p>
      </div>
      <Field
        id="account"
        label={t('field.account')}
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        error={errors.account}
      />
      <Field
        id="password"
        label={t('field.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        aside={
          <Link to="/forget-password" className={`text-sm ${linkClass}`}>
            {t('signIn.forgot')}
          </Link>
        }
      />
      <FormAlert>{message}</FormAlert>
      <Button type="submit" isBusy={busy === 'password'} disabled={Boolean(busy)} className="w-full">
        {t('signIn.submit')}
      </Button>
      <p className="text-center text-xs text-gray-600 dark:text-gray-400">{t('signIn.or')}</p>
      <Button variant="secondary" isBusy={busy === 'link'} disabled={Boolean(busy)} onClick={() => void sendLink()} className="w-full">
        {t('signIn.sendLink')}
      </Button>
      <Button
        variant="secondary"
        isBusy={busy === 'passkey'}
        disabled={Boolean(busy)}
        onClick={() => void passkeySignIn()}
        className="w-full"
      >
        {t('signIn.passkey')}
      </Button>
      <p className="text-center text-sm text-gray-600 dark:text-gray-400">
        {t('signIn.noAccount')}{' '}
        <Link to="/register" className={linkClass}>
          {t('signIn.register')}
        </Link>
      </p>
    </form>
  );
}
