import { useInfiniteQuery } from '@tanstack/react-query';
import type { SessionInfo } from '@orchard/shared';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/field';
import { failureMessage } from '../../components/ui/form-errors';
import { RelativeTime } from '../../components/ui/relative-time';
import { toast } from '../../components/ui/toast';
import { sessionsQueryOptions, useRevokeOtherSessions } from './api';
import { describeDevice } from './device';
import { useAccountsMessages } from './messages';

function SessionRow({ session }: { session: SessionInfo }) {
  const { t } = useAccountsMessages();
  return (
    <li className="flex flex-col gap-0.5 border-b border-gray-200 py-3 last:border-0 dark:border-gray-800">
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
  );
}

/**
 * My signed-in devices on /profile, a page at a time ("Load more"), with a line when the cap on
 * devices signed older ones out, and "Sign out other devices".
 */
export function Sessions() {
  const { t, locale } = useAccountsMessages();
  const query = useInfiniteQuery(sessionsQueryOptions());
  const revoke = useRevokeOtherSessions({ onSuccess: (result) => toast(t('profile.signedOutOthers', { count: result.revoked })) });
  const pages = query.data?.pages ?? [];
  const sessions = pages.flatMap((page) => page.sessions);
  const first = pages[0];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card className="flex flex-col gap-3">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.sessionsLead')}</p>
      {first && first.endedByCapRecently > 0 && (
        <p role="note" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {t('profile.sessionCap', { max: first.maxSessions, count: first.endedByCapRecently })}
        </p>
      )}
      {query.isPending ? (
        <div className="min-h-14 rounded-xl bg-gray-100 dark:bg-gray-800" aria-busy="true" />
      ) : query.isError ? (
        <FormAlert>{failureMessage(query.error, t('common.genericError'), locale)}</FormAlert>
      ) : (
        <ul aria-label={t('profile.sessions')}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="ghost" className="w-full" isBusy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('profile.moreSessions')}
        </Button>
      )}
      {revoke.error && <FormAlert>{failureMessage(revoke.error, t('common.genericError'), locale)}</FormAlert>}
      {others > 0 || query.hasNextPage ? (
        <Button variant="secondary" isBusy={revoke.isPending} onClick={() => revoke.mutate()} className="w-full">
          {t('profile.signOutOthers')}
        </Button>
      ) : (
        !query.isPending && <p className="text-sm text-gray-600 dark:text-gray-400">{t('profile.noOtherSessions')}</p>
      )}
    </Card>
  );
}
