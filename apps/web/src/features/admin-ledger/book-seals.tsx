import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { StatusText } from '../../components/ui/console';
import { CopyField } from '../../components/ui/copy-field';
import { toast } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { booksCheckQueryOptions, bookSealsQueryOptions, useSealBooks } from './api';
import { useAdminLedgerMessages } from './messages';

/** The ledger page's sealed days: the public key members verify with, the recent seals, "Seal now". */
export function BookSeals() {
  const { t } = useAdminLedgerMessages();
  const { data } = useQuery(bookSealsQueryOptions());
  const seal = useSealBooks();
  const since = useQuery(booksCheckQueryOptions());
  const sealNow = () =>
    seal.mutate(undefined, {
      onSuccess: (run) => toast(run.sealed.length > 0 ? t('ledger.sealed', { count: run.sealed.length }) : t('ledger.nothingToSeal')),
    });
  return (
    <section aria-labelledby="seals-heading" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <h2 id="seals-heading" className="text-base font-semibold">
          {t('ledger.sealsTitle')}
        </h2>
        <Button variant="secondary" onClick={sealNow} isBusy={seal.isPending} disabled={data?.key === null}>
          <Lock className="size-4" aria-hidden="true" />
          {t('ledger.sealNow')}
        </Button>
      </div>
      <Card className="flex flex-col gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('ledger.sealsIntro')}</p>
        {data?.key ? (
          <CopyField id="books-public-key" label={t('ledger.publicKey', { id: data.key.keyId })} value={data.key.publicKey} />
        ) : data ? (
          <p className="text-sm text-red-700 dark:text-red-400">{t('ledger.noKey')}</p>
        ) : null}
        {data && data.seals.length === 0 ? <p className="text-sm">{t('ledger.noSeals')}</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void since.refetch()} isBusy={since.isFetching}>
            {t('ledger.checkSinceSeal')}
          </Button>
          {since.data ? (
            <StatusText tone={since.data.ok ? 'good' : 'bad'} className="text-sm">
              {t(since.data.ok ? 'ledger.sinceSealOk' : 'ledger.sinceSealBad', {
                transactions: since.data.transactions,
                day: since.data.since ?? '—',
                ms: since.data.ms,
              })}
            </StatusText>
          ) : null}
        </div>
        {data && data.seals.length > 0 ? (
          <ul className="divide-y divide-gray-100 text-sm dark:divide-gray-800">
            {data.seals.slice(0, 7).map((row) => (
              <li key={row.day} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <span>{formatDate(`${row.day}T12:00:00Z`)}</span>
                <span className="text-gray-600 dark:text-gray-400">
                  {t('ledger.sealChain')} {row.chainSeq} · {t('ledger.sealRoot')}{' '}
                  <code className="font-mono text-xs">{row.balancesRoot.slice(0, 16)}…</code>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </section>
  );
}
