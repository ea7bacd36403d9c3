import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Landmark } from 'lucide-react';
import { Page } from '../../components/page';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { bankAccountsQueryOptions, walletQueryOptions } from './api';
import { Skeleton } from './components';
import { useWalletMessages } from './messages';
import { useOpensAt } from './withdraw-common';
import { WithdrawForm } from './withdraw-form';

/** /withdraw: amount, account, the server's quote (fee, net, what is left today), confirm with the password. */
export function WithdrawPage() {
  const { t } = useWalletMessages();
  const accounts = useQuery(bankAccountsQueryOptions());
  const wallet = useQuery(walletQueryOptions());
  const opensAt = useOpensAt();
  return (
    <Page
      title={t('withdraw.title')}
      backTo="/home"
      actions={
        <Link
          to="/withdraw/log"
          className="flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {t('withdraw.history')}
        </Link>
      }
    >
      {!accounts.data || !wallet.data || !opensAt ? (
        <WithdrawSkeleton />
      ) : accounts.data.items.length === 0 ? (
        <EmptyState
          icon={<Landmark className="size-6" aria-hidden="true" />}
          title={t('withdraw.noAccountsTitle')}
          body={t('withdraw.noAccountsBody')}
          action={
            <Link to="/withdraw/bank" className={buttonClass('primary')}>
              {t('withdraw.addAccount')}
            </Link>
          }
        />
      ) : (
        <WithdrawForm
          accounts={accounts.data.items}
          opensAt={opensAt}
          available={wallet.data.available}
          debt={wallet.data.debt}
          currency={wallet.data.currency}
        />
      )}
    </Page>
  );
}

function WithdrawSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="rounded-2xl" style={{ height: '5rem', width: '100%' }} />
      <Skeleton style={{ height: '1rem', width: '6rem' }} />
      <Skeleton className="rounded-2xl" style={{ height: '4rem', width: '100%' }} />
      <Skeleton className="rounded-2xl" style={{ height: '3.5rem', width: '100%' }} />
    </div>
  );
}
