import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsoleSession } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { ConfirmActions, ConfirmSheet } from '../../components/ui/confirm-sheet';
import type { Column } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { failureMessage } from '../../components/ui/form-errors';
import { RelativeTime } from '../../components/ui/relative-time';
import { toast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format';
import { consoleSessionsQueryOptions, useRevokeConsoleSession } from './api';
import { useAdminAccountsMessages } from './messages';
import { Pill } from './ui';

/**
 * `/admin/console-sessions`: every live session of an operator, support or finance account, and
 * "End session" on another's (one's own ends by signing out, or from /profile).
 */
export function ConsoleSessionsPage() {
  const { t } = useAdminAccountsMessages();
  const query = useQuery(consoleSessionsQueryOptions());
  const [ending, setEnding] = useState<ConsoleSession | null>(null);
  // One's own sessions end by signing out (or from /profile), never from here.
  const me = query.data?.items.find((session) => session.current)?.userId;
  const columns = useColumns(me, setEnding);
  return (
    <ConsoleListPage
      title={t('consoleSessions.title')}
      description={t('consoleSessions.lead')}
      caption={t('consoleSessions.caption')}
      columns={columns}
      rowKey={(session) => session.id}
      empty={{ title: t('consoleSessions.emptyTitle'), body: t('consoleSessions.emptyBody') }}
      {...listState(query)}
    >
      <EndSessionSheet session={ending} close={() => setEnding(null)} />
    </ConsoleListPage>
  );
}

function useColumns(me: string | undefined, onEnd: (session: ConsoleSession) => void): Column<ConsoleSession>[] {
  const { t } = useAdminAccountsMessages();
  return [
    {
      key: 'who',
      header: t('consoleSessions.who'),
      cell: (session) => (
        <>
          {session.displayName}
          <span className="block text-xs text-gray-600 dark:text-gray-400">{t(`members.roles.${session.role}`)}</span>
        </>
      ),
    },
    {
      key: 'signedIn',
      header: t('consoleSessions.signedIn'),
      cell: (session) => formatDateTime(session.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    { key: 'lastSeen', header: t('consoleSessions.lastSeen'), cell: (session) => <RelativeTime value={session.lastSeenAt} /> },
    {
      key: 'from',
      header: t('consoleSessions.from'),
      cell: (session) => (
        <>
          <span className="tabular-nums">{session.ip ?? t('common.dash')}</span>
          {session.userAgent ? (
            <span className="block max-w-56 truncate text-xs text-gray-600 dark:text-gray-400" title={session.userAgent}>
              {session.userAgent}
            </span>
          ) : null}
        </>
      ),
    },
    {
      key: 'factor',
      header: t('consoleSessions.secondFactor'),
      cell: (session) =>
        session.secondFactorAt ? formatDateTime(session.secondFactorAt) : <Pill tone="amber">{t('consoleSessions.notProved')}</Pill>,
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      key: 'action',
      header: t('consoleSessions.action'),
      align: 'end',
      cell: (session) =>
        session.current ? (
          <Pill tone="green">{t('consoleSessions.current')}</Pill>
        ) : session.userId === me ? (
          <Pill tone="gray">{t('consoleSessions.yours')}</Pill>
        ) : (
          <Button variant="secondary" onClick={() => onEnd(session)}>
            {t('consoleSessions.end')}
          </Button>
        ),
    },
  ];
}

function EndSessionSheet({ session, close }: { session: ConsoleSession | null; close: () => void }) {
  const { t, locale } = useAdminAccountsMessages();
  const revoke = useRevokeConsoleSession();
  return (
    <ConfirmSheet
      open={session !== null}
      onOpenChange={(open) => !open && !revoke.isPending && close()}
      title={t('consoleSessions.confirmTitle')}
      description={t('consoleSessions.confirmBody', { name: session?.displayName ?? '' })}
    >
      {(dismiss) => (
        <>
          {revoke.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failureMessage(revoke.error, t('common.loadFailed'), locale)}
            </p>
          ) : null}
          <ConfirmActions
            tone="danger"
            confirmLabel={t('consoleSessions.end')}
            cancelLabel={t('consoleSessions.cancel')}
            isBusy={revoke.isPending}
            close={dismiss}
            onConfirm={() =>
              session &&
              revoke.mutate(session.id, {
                onSuccess: () => {
                  toast(t('consoleSessions.ended', { name: session.displayName }));
                  dismiss();
                },
              })
            }
          />
        </>
      )}
    </ConfirmSheet>
  );
}
