import '../../app.css';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import type { SignInLinkConsumed } from '@orchard/shared';
import { safeRedirectPath } from '@orchard/shared/redirect';
import { ApiError } from '../../lib/api-client';
import { FormAlert, linkClass } from '../../components/ui/field';
import { Form, SubmitButton, useZodForm } from '../../components/ui/form';
import { setSignedIn } from '../../lib/session';
import { AccountField } from './account-field';
import { consumeSignInLink, requestSignInLink } from './api';
import { AuthTitle } from './auth-title';
import { forgetPasswordSchema } from './form-schemas';
import { useAccountsMessages } from './messages';
import { resendAt, savePendingCode } from './pending';

/** One exchange per token, even if the page mounts twice (a token works once). */
const exchanges = new Map<string, Promise<SignInLinkConsumed>>();

/** `/auto_way?token=…`: exchanges a single-use sign-in link for a session. */
export function AutoWayPage() {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  // Read once, and without throwing while the page leaves (the navigation after the exchange).
  const search = useSearch({ from: '/_auth/auto_way', shouldThrow: false });
  const [{ token, redirect }] = useState(() => search ?? {});
  const [failure, setFailure] = useState<string | undefined>(token ? undefined : t('autoWay.missing'));

  useEffect(() => {
    if (!token) return;
    let active = true;
    let exchange = exchanges.get(token);
    if (!exchange) {
      exchange = consumeSignInLink(token);
      exchanges.set(token, exchange);
    }
    exchange.then(
      async (result) => {
        if (!active) return;
        setSignedIn(queryClient, result.user);
        await router.navigate({ href: safeRedirectPath(redirect ?? result.redirect), replace: true });
      },
      (error: unknown) => {
        if (active) setFailure(error instanceof ApiError ? error.message : t('common.genericError'));
      },
    );
    return () => {
      active = false;
    };
  }, [token, redirect, queryClient, router, t]);

  if (!failure) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <AuthTitle title={t('autoWay.title')} lead={t('autoWay.working')} />
        <span
          aria-hidden="true"
          className="mx-auto size-6 animate-spin rounded-full border-2 border-current border-r-transparent text-primary-600"
        />
      </div>
    );
  }
  return <RequestNewLink failure={failure} redirect={redirect} />;
}

/**
 * A bad, used or expired link: why, and a form for a new one right here (the code and link it
 * sends lead to /verify-code, as from the sign-in page).
 */
function RequestNewLink({ failure, redirect }: { failure: string; redirect: string | undefined }) {
  const { t } = useAccountsMessages();
  const router = useRouter();
  const form = useZodForm(forgetPasswordSchema, { defaultValues: { account: '' } });
  const target = safeRedirectPath(redirect);
  return (
    <Form
      form={form}
      onSubmit={async ({ account }) => {
        await requestSignInLink(account, target);
        savePendingCode({ kind: 'signIn', account, ...(target === '/home' ? {} : { redirect: target }), resendAvailableAt: resendAt() });
        await router.navigate({ to: '/verify-code' });
      }}
    >
      <AuthTitle title={t('autoWay.failedTitle')} />
      <FormAlert>{failure}</FormAlert>
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('autoWay.requestLead')}</p>
      <AccountField hint={t('field.accountHint')} />
      <SubmitButton>{t('autoWay.requestNew')}</SubmitButton>
      <Link to="/" className={`text-center text-sm ${linkClass}`}>
        {t('common.backToSignIn')}
      </Link>
    </Form>
  );
}
