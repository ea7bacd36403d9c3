import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Button, buttonClass } from '../../components/ui/button';
import { StatCard } from '../../components/ui/console';
import { useConsoleCan } from '../../lib/console-access';
import { meQueryOptions } from '../../lib/session';
import { failedOutboxCountQueryOptions, memberCountQueryOptions, useConsoleSignOut } from './api';
import { useAdminAccountsMessages } from './messages';

const actionClass = buttonClass('secondary', 'min-h-10');

/** The console landing's member figures: how many members (frozen ones said), and failed messages. */
export function MembersStatCards() {
  const { t } = useAdminAccountsMessages();
  const can = useConsoleCan();
  const members = useQuery({ ...memberCountQueryOptions(), enabled: can('members') });
  const frozen = useQuery({ ...memberCountQueryOptions({ status: 'frozen' }), enabled: can('members') });
  const failed = useQuery({ ...failedOutboxCountQueryOptions(), enabled: can('outbox') });
  return (
    <>
      {can('members') ? (
        <StatCard
          label={t('nav.members')}
          value={members.data === undefined ? undefined : t('landing.members', { count: members.data })}
          detail={frozen.data ? t('landing.frozen', { count: frozen.data }) : undefined}
          action={
            <Link to="/admin/members" className={actionClass}>
              {t('landing.openMembers')}
            </Link>
          }
        />
      ) : null}
      {can('outbox') ? (
        <StatCard
          label={t('nav.outbox')}
          value={
            failed.data === undefined
              ? undefined
              : failed.data === 0
                ? t('landing.noFailedMessages')
                : t('landing.failedMessages', { count: failed.data })
          }
          quiet={failed.data === 0}
          action={
            <Link to="/admin/outbox" search={failed.data ? { status: 'failed' } : {}} className={actionClass}>
              {t('landing.openOutbox')}
            </Link>
          }
        />
      ) : null}
    </>
  );
}

/** Who is signed in to the console, and the way out (the console frame shows it in its sidebar). */
export function ConsoleAccount() {
  const { t } = useAdminAccountsMessages();
  const router = useRouter();
  const { data: me } = useQuery(meQueryOptions());
  const signOut = useConsoleSignOut();
  if (!me) return null;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm md:flex-col md:items-stretch">
      <p className="min-w-0 text-gray-600 dark:text-gray-400">
        <span className="sr-only md:not-sr-only md:block md:text-xs">{t('account.signedInAs')} </span>
        <span className="block truncate font-medium text-gray-900 dark:text-gray-100">{me.displayName}</span>
        <span className="hidden truncate text-xs md:block">{me.email ?? me.phone}</span>
      </p>
      <Button
        variant="secondary"
        className="min-h-10"
        isBusy={signOut.isPending}
        onClick={() => signOut.mutate(undefined, { onSuccess: () => void router.navigate({ to: '/' }) })}
      >
        <LogOut className="size-4" aria-hidden="true" />
        {t('account.signOut')}
      </Button>
      {signOut.error ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {t('account.signOutFailed')}
        </p>
      ) : null}
    </div>
  );
}
