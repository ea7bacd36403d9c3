import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { ChevronRight, Coins, CreditCard, FileText, KeyRound, Layers, LogOut, Ticket, Users } from 'lucide-react';
import type { Me, RevokedSessions } from '@orchard/shared';
import { apiFetch } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { Page } from '../../components/page';
import { ThemeSwitcher } from '../../components/theme-switcher';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { RelativeTime } from '../../components/ui/relative-time';
import { meQueryKey, meQueryOptions, setSignedIn } from '../../lib/session';
import { describeDevice } from './device';
import { Field, FormMessage } from './field';
import { sessionsQueryOptions } from './queries';
import { useAccountsMessages } from './messages';
import { useSubmit } from './use-submit';

const LOGS = [
  { to: '/plan/log', key: 'plans', icon: Layers },
  { to: '/recharge/log', key: 'recharges', icon: Coins },
  { to: '/withdraw/log', key: 'withdrawals', icon: CreditCard },
  { to: '/trx/log', key: 'statement', icon: FileText },
  { to: '/coupon', key: 'coupons', icon: Ticket },
  { to: '/team/list', key: 'team', icon: Users },
] as const;

const rowLink = 'flex min-h-11 items-center gap-3 px-2 text-sm font-medium text-gray-900 hover:underline dark:text-gray-100';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="px-2 text-sm font-semibold text-gray-600 dark:text-gray-400">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 border-t border-gray-200 py-3 dark:border-gray-800">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="min-w-0 truncate text-sm font-medium text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

function NameForm({ me, onDone }: { me: Me; onDone: (message?: string) => void }) {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.displayName);
  const form = useSubmit(['displayName'], t('common.genericError'));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.trim();
    void form.submit(
      { displayName: !value ? t('check.nameRequired') : value.length > 60 ? t('check.nameTooLong') : undefined },
      async () => {
        const updated = await apiFetch<Me>('/me', { method: 'PATCH', body: { displayName: value } });
        queryClient.setQueryData(meQueryKey, updated);
        onDone(t('profile.nameSaved'));
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 py-3">
      <Field
        id="displayName"
        label={t('profile.name')}
        autoComplete="name"
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={form.errors.displayName}
      />
      <FormMessage>{form.message}</FormMessage>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => onDone()}>
          {t('profile.cancel')}
        </Button>
        <Button type="submit" isBusy={form.isBusy}>
          {t('profile.saveName')}
        </Button>
      </div>
    </form>
  );
}

function Sessions() {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(sessionsQueryOptions());
  const revoke = useMutation({
    mutationFn: () => apiFetch<RevokedSessions>('/me/sessions/revoke-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.sessionsLead')}</p>
      {isPending ? (
        <div className="min-h-14 rounded-xl bg-gray-100 dark:bg-gray-800" />
      ) : (
        <ul>
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-col gap-0.5 border-b border-gray-200 py-3 last:border-0 dark:border-gray-800">
              <span className="flex items-center gap-2 text-sm font-medium text-gray-900 dark:text-gray-100">
                {describeDevice(session.userAgent) ?? t('profile.unknownDevice')}
                {session.current && (
                  <span className="rounded-full bg-primary-50 px-2 text-xs font-medium text-primary-700 dark:bg-primary-950 dark:text-primary-400">
                    {t('profile.thisDevice')}
                  </span>
                )}
              </span>
              <span className="text-xs text-gray-600 dark:text-gray-400">
                {t('profile.lastActive')} <RelativeTime value={session.lastSeenAt} />
                {session.ip ? ` · ${session.ip}` : ''} · {t('profile.signedInAt')} {formatDateTime(session.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {revoke.data && <FormMessage tone="success">{t('profile.signedOutOthers', { count: revoke.data.revoked })}</FormMessage>}
      {revoke.error && <FormMessage>{revoke.error.message}</FormMessage>}
      {others > 0 ? (
        <Button variant="secondary" isBusy={revoke.isPending} onClick={() => revoke.mutate()} className="w-full">
          {t('profile.signOutOthers')}
        </Button>
      ) : (
        !isPending && !revoke.data && <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.noOtherSessions')}</p>
      )}
    </Card>
  );
}

/** `/profile`: my account, appearance, security (password, devices), history links, sign out. */
export function ProfilePage() {
  const { t } = useAccountsMessages();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { data: me } = useQuery(meQueryOptions());
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const signOut = useMutation({
    mutationFn: () => apiFetch<void>('/auth/sign-out', { method: 'POST' }),
    onSuccess: async () => {
      setSignedIn(queryClient, null);
      await router.navigate({ to: '/' });
    },
  });
  if (!me) return null;

  return (
    <Page title={t('profile.title')}>
      <Section id="profile-account" title={t('profile.account')}>
        <Card className="py-2">
          {editing ? (
            <NameForm
              me={me}
              onDone={(message) => {
                setEditing(false);
                setNotice(message);
              }}
            />
          ) : (
            <div className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.name')}</p>
                <p className="truncate text-lg font-semibold text-gray-900 dark:text-gray-50">{me.displayName}</p>
              </div>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('profile.editName')}
              </Button>
            </div>
          )}
          <FormMessage tone="success">{notice}</FormMessage>
          <dl>
            {me.email && <Detail label={t('profile.email')}>{me.email}</Detail>}
            {me.phone && <Detail label={t('profile.phone')}>{me.phone}</Detail>}
            <Detail label={t('profile.inviteCode')}>
              <span className="tracking-wide">{me.inviteCode}</span>
            </Detail>
            <Detail label={t('profile.memberSince')}>{formatDate(me.createdAt)}</Detail>
          </dl>
        </Card>
      </Section>

      <Section id="profile-appearance" title={t('profile.appearance')}>
        <Card>
          <ThemeSwitcher className="w-full" />
        </Card>
      </Section>

      <Section id="profile-security" title={t('profile.security')}>
        <Card className="py-2">
          <Link to="/user/password" className={rowLink}>
            <KeyRound className="size-5 text-gray-500 dark:text-gray-500" aria-hidden="true" />
            <span className="flex-1">{t('profile.changePassword')}</span>
            <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
          </Link>
        </Card>
        <h3 className="sr-only">{t('profile.sessions')}</h3>
        <Sessions />
      </Section>

      <Section id="profile-records" title={t('profile.records')}>
        <Card className="py-2">
          <ul>
            {LOGS.map(({ to, key, icon: Icon }) => (
              <li key={to} className="border-b border-gray-200 last:border-0 dark:border-gray-800">
                <Link to={to} className={rowLink}>
                  <Icon className="size-5 text-gray-500 dark:text-gray-500" aria-hidden="true" />
                  <span className="flex-1">{t(`profile.logs.${key}`)}</span>
                  <ChevronRight className="size-5 text-gray-500" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </Section>

      {signOut.error && <FormMessage>{signOut.error.message}</FormMessage>}
      <Button
        variant="secondary"
        isBusy={signOut.isPending}
        onClick={() => signOut.mutate()}
        className="w-full text-red-700 dark:text-red-400"
      >
        <LogOut className="size-5" aria-hidden="true" />
        {t('profile.signOut')}
      </Button>
    </Page>
  );
}
