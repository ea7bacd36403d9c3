import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { type Column, DataTable, StatusText } from '../../components/ui/console';
import { cursorListState } from '../../components/ui/console-list';
import { RelativeTime } from '../../components/ui/relative-time';
import { formatMoney } from '../../lib/format';
import { couponRedemptionsQueryOptions, type AdminCoupon, type CouponRedemption, type GeneratedCoupons } from './api';
import { codesToCsv } from './logic';
import { useAdminPlansMessages } from './messages';
import { linkClass, useRevealOnOpen } from './ui';
import { CopyButton } from '../../components/ui/copy-button';

/** The codes of a batch just generated: to copy, download as CSV, or list. */
export function GeneratedBatch({ batch, onShow, onDone }: { batch: GeneratedCoupons; onShow: () => void; onDone: () => void }) {
  const { t } = useAdminPlansMessages();
  const text = batch.codes.join('\n');
  const card = useRevealOnOpen<HTMLDivElement>();
  const download = () => {
    const url = URL.createObjectURL(new Blob([codesToCsv(batch.codes)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `coupons-${batch.batch}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div ref={card} className="max-w-3xl scroll-mt-4">
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{t('couponForm.batchTitle', { batch: batch.batch })}</h2>
        <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
          {t('couponForm.generated', { count: batch.codes.length, batch: batch.batch })}
        </p>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-gray-900 dark:text-gray-100">
          {t('couponForm.codes')}
          <textarea
            readOnly
            value={text}
            rows={Math.min(10, batch.codes.length)}
            onFocus={(event) => event.currentTarget.select()}
            className="rounded-xl border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-50"
          />
        </label>
        <div className="flex flex-wrap gap-2">
          <CopyButton text={text} label={t('couponForm.copy')} done={t('couponForm.copied')} />
          <Button variant="secondary" className="min-h-10" onClick={download}>
            {t('couponForm.download')}
          </Button>
          <Button variant="secondary" className="min-h-10" onClick={onShow}>
            {t('couponForm.showBatch')}
          </Button>
          <Button variant="ghost" className="min-h-10" onClick={onDone}>
            {t('couponForm.done')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** Who used a coupon, for what, and whether a refund gave the use back. */
export function Redemptions({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const { t } = useAdminPlansMessages();
  const query = useInfiniteQuery(couponRedemptionsQueryOptions(coupon.id));
  const panel = useRevealOnOpen<HTMLElement>();
  const columns: Column<CouponRedemption>[] = [
    {
      key: 'member',
      header: t('redemptions.member'),
      cell: (redemption) => (
        <Link to="/admin/members/$id" params={{ id: redemption.member.id }} className={`font-medium ${linkClass}`}>
          {redemption.member.displayName}
        </Link>
      ),
    },
    {
      key: 'purchase',
      header: t('redemptions.purchase'),
      cell: (redemption) =>
        redemption.purchaseId ? (
          <Link to="/admin/purchases" search={{ member: redemption.member.id }} className={linkClass}>
            {t('redemptions.purchaseLink')}
          </Link>
        ) : (
          t('redemptions.walletCredit')
        ),
    },
    {
      key: 'amount',
      header: t('redemptions.amount'),
      align: 'end',
      className: 'font-semibold whitespace-nowrap tabular-nums',
      cell: (redemption) => formatMoney(redemption.amount),
    },
    {
      key: 'status',
      header: t('redemptions.status'),
      cell: (redemption) => (
        <StatusText tone={redemption.status === 'applied' ? 'good' : 'off'}>
          {redemption.status === 'applied' ? t('redemptions.applied') : t('redemptions.returned')}
        </StatusText>
      ),
    },
    {
      key: 'when',
      header: t('redemptions.when'),
      className: 'whitespace-nowrap text-gray-700 dark:text-gray-300',
      cell: (redemption) => <RelativeTime value={redemption.createdAt} />,
    },
  ];
  return (
    <section ref={panel} aria-labelledby="redemptions-title" className="flex max-w-4xl scroll-mt-4 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="redemptions-title" className="text-lg font-semibold text-gray-900 dark:text-gray-50">
          {t('redemptions.title', { code: coupon.code })}
        </h2>
        <Button variant="secondary" className="min-h-10" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
      <DataTable
        caption={t('redemptions.caption')}
        columns={columns}
        rowKey={(redemption) => redemption.id}
        {...cursorListState(query)}
        skeletonRows={2}
        empty={{ title: t('redemptions.emptyTitle'), body: t('redemptions.emptyBody') }}
      />
    </section>
  );
}
