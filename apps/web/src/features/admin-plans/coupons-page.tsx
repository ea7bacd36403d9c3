import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { listCouponsQuerySchema } from '@orchard/shared';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { type Column, ConsolePage, DataTable, StatusText } from '../../components/ui/console';
import { SelectField } from '../../components/ui/console-fields';
import { TextField } from '../../components/ui/form';
import { RelativeTime } from '../../components/ui/relative-time';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import {
  adminPlansQueryOptions,
  couponRedemptionsQueryOptions,
  couponsExportUrl,
  couponsQueryOptions,
  type AdminCoupon,
  type CouponRedemption,
  type GeneratedCoupons,
} from './api';
import { CouponForm } from './coupon-form';
import { codesToCsv, COUPON_STATE_ORDER, couponState, formatBasisPoints } from './logic';
import { useAdminPlansMessages } from './messages';
import { couponFilterOf, type CouponFilter } from './search';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { CopyButton, PeriodText, Sub, useRevealOnOpen } from './ui';

// Typed by route id; useSearch({ from }) rather than getRouteApi, whose class would join the first load.
const from = '/admin/coupons' as const;

const filters = z.strictObject({
  q: optionalFilter(listCouponsQuerySchema.shape.q.unwrap()),
  kind: optionalFilter(listCouponsQuerySchema.shape.kind.unwrap()),
  batch: optionalFilter(listCouponsQuerySchema.shape.batch.unwrap()),
});

type Panel =
  | { kind: 'new' }
  | { kind: 'edit'; coupon: AdminCoupon }
  | { kind: 'generate' }
  | { kind: 'generated'; batch: GeneratedCoupons }
  | { kind: 'redemptions'; coupon: AdminCoupon };

const linkClass = 'text-primary-700 underline-offset-4 hover:underline dark:text-primary-400';

/**
 * /admin/coupons: coupons filtered by code, kind and batch (kept in the URL), with a CSV export of
 * what is shown; create or edit one, generate a batch, see a coupon's redemptions.
 */
export function CouponsPage() {
  const { t, locale } = useAdminPlansMessages();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const filter = couponFilterOf(search);
  const onSearch = (next: CouponFilter) => void navigate({ search: next });
  const query = useInfiniteQuery(couponsQueryOptions(filter));
  const plans = useQuery(adminPlansQueryOptions());
  const coupons = query.data?.pages.flatMap((page) => page.items);
  const total = query.data?.pages[0]?.total;
  const [panel, setPanel] = useState<Panel | null>(null);
  const open = (next: Panel) => {
    preloadToaster();
    setPanel(next);
  };
  const planName = (id: string) => plans.data?.items.find((plan) => plan.id === id)?.name;
  const isFiltered = Boolean(filter.q || filter.kind || filter.batch);
  // The moment the list was drawn: a row does not change its words while the operator reads it.
  const [now] = useState(() => Date.now());

  const offer = (coupon: AdminCoupon) => {
    const amount = (minor: number) => formatMoney(minor);
    if (coupon.kind === 'percent_off') {
      const percent = formatBasisPoints(coupon.value * 100, locale);
      return coupon.maxDiscount === null
        ? t('coupons.percentOff', { percent })
        : t('coupons.percentOffMax', { percent, max: amount(coupon.maxDiscount) });
    }
    return t(coupon.kind === 'amount_off' ? 'coupons.amountOff' : 'coupons.walletCredit', { amount: amount(coupon.value) });
  };

  const columns: Column<AdminCoupon>[] = [
    {
      key: 'code',
      header: t('coupons.code'),
      cell: (coupon) => (
        <>
          <div className="font-mono font-semibold tracking-wide">{coupon.code}</div>
          {coupon.batch ? (
            <Sub>
              <Link
                to="/admin/coupons"
                search={{ batch: coupon.batch }}
                title={t('coupons.showBatch', { batch: coupon.batch })}
                aria-label={t('coupons.showBatch', { batch: coupon.batch })}
                className={`font-mono whitespace-nowrap ${linkClass}`}
              >
                {coupon.batch}
              </Link>
            </Sub>
          ) : null}
        </>
      ),
    },
    {
      key: 'offer',
      header: t('coupons.offer'),
      className: 'min-w-36 tabular-nums',
      cell: (coupon) => (
        <>
          <div className="font-medium">{offer(coupon)}</div>
          <Sub>{t(`coupons.kinds.${coupon.kind}`)}</Sub>
        </>
      ),
    },
    {
      key: 'terms',
      header: t('coupons.terms'),
      cell: (coupon) => {
        const names = coupon.planIds.map((id) => planName(id)).filter(Boolean);
        return (
          <div className="flex min-w-36 flex-col gap-0.5 text-xs text-gray-700 dark:text-gray-300">
            {coupon.kind !== 'wallet_credit' ? (
              <span>
                {coupon.planIds.length === 0
                  ? t('coupons.allPlans')
                  : names.length === coupon.planIds.length
                    ? names.join(', ')
                    : t('coupons.somePlans', { count: coupon.planIds.length })}
              </span>
            ) : null}
            {coupon.minSpend > 0 ? (
              <span className="tabular-nums">{t('coupons.minSpend', { amount: formatMoney(coupon.minSpend) })}</span>
            ) : null}
            <span>{t('coupons.perMember', { count: coupon.perMemberCap })}</span>
            {coupon.assignedMemberId ? (
              <Link to="/admin/members/$id" params={{ id: coupon.assignedMemberId }} className={linkClass}>
                {t('coupons.assigned')}
              </Link>
            ) : null}
          </div>
        );
      },
    },
    {
      key: 'valid',
      header: t('coupons.valid'),
      // The dates only: whether it is running is the status column's one word.
      cell: (coupon) => <PeriodText startsAt={coupon.startsAt} endsAt={coupon.endsAt} withState={false} />,
    },
    {
      key: 'used',
      header: t('coupons.used'),
      className: 'whitespace-nowrap tabular-nums',
      // The count opens who used it.
      cell: (coupon) => (
        <button
          type="button"
          onClick={() => open({ kind: 'redemptions', coupon })}
          aria-label={t('coupons.redemptionsOf', { code: coupon.code })}
          className={`min-h-10 ${linkClass}`}
        >
          {coupon.totalCap === null
            ? t('coupons.usedNoCap', { used: coupon.redeemedCount })
            : t('coupons.usedOf', { used: coupon.redeemedCount, cap: coupon.totalCap })}
        </button>
      ),
    },
    {
      key: 'status',
      header: t('coupons.status'),
      sortValue: (coupon) => COUPON_STATE_ORDER.indexOf(couponState(coupon, now)),
      cell: (coupon) => {
        const state = couponState(coupon, now);
        return <StatusText tone={state === 'live' ? 'good' : 'off'}>{t(`coupons.states.${state}`)}</StatusText>;
      },
    },
    {
      key: 'edit',
      header: t('coupons.edit'),
      hideHeader: true,
      align: 'end',
      cell: (coupon) => (
        <Button
          variant="secondary"
          className="min-h-10"
          onClick={() => open({ kind: 'edit', coupon })}
          aria-label={`${t('coupons.edit')} ${coupon.code}`}
        >
          {t('coupons.edit')}
        </Button>
      ),
    },
  ];

  const planList = plans.data?.items ?? [];
  return (
    <ConsolePage
      title={t('coupons.title')}
      description={
        <>
          {total !== undefined ? (
            <strong className="font-semibold text-gray-900 dark:text-gray-100">{t('coupons.count', { count: total })} · </strong>
          ) : null}
          {t('coupons.intro')}
        </>
      }
      actions={
        <>
          <a href={couponsExportUrl(filter)} download className={buttonClass('ghost')} aria-label={t('coupons.exportLabel')}>
            {t('coupons.export')}
          </a>
          <Button variant="secondary" onClick={() => open({ kind: 'generate' })}>
            {t('coupons.generate')}
          </Button>
          <Button onClick={() => open({ kind: 'new' })}>{t('coupons.new')}</Button>
        </>
      }
    >
      {panel?.kind === 'new' || panel?.kind === 'edit' || panel?.kind === 'generate' ? (
        <CouponForm
          key={panel.kind === 'edit' ? panel.coupon.id : panel.kind}
          mode={panel.kind === 'new' ? 'create' : panel.kind}
          coupon={panel.kind === 'edit' ? panel.coupon : null}
          plans={planList}
          onDone={() => setPanel(null)}
          onGenerated={(batch) => setPanel({ kind: 'generated', batch })}
        />
      ) : null}
      {panel?.kind === 'generated' ? (
        <GeneratedBatch
          batch={panel.batch}
          onShow={() => {
            setPanel(null);
            onSearch({ batch: panel.batch.batch });
          }}
          onDone={() => setPanel(null)}
        />
      ) : null}
      {panel?.kind === 'redemptions' ? <Redemptions key={panel.coupon.id} coupon={panel.coupon} onClose={() => setPanel(null)} /> : null}
      <FilterBar
        key={JSON.stringify(filter)}
        schema={filters}
        defaultValues={{ q: filter.q ?? '', kind: filter.kind ?? '', batch: filter.batch ?? '' }}
        onSearch={onSearch}
      >
        <TextField name="q" type="search" label={t('coupons.q')} autoComplete="off" spellCheck={false} />
        <SelectField
          name="kind"
          label={t('coupons.kind')}
          options={[
            { value: '', label: t('common.any') },
            { value: 'percent_off', label: t('coupons.kinds.percent_off') },
            { value: 'amount_off', label: t('coupons.kinds.amount_off') },
            { value: 'wallet_credit', label: t('coupons.kinds.wallet_credit') },
          ]}
        />
        <TextField name="batch" label={t('coupons.batch')} autoComplete="off" spellCheck={false} />
      </FilterBar>
      <DataTable
        caption={t('coupons.caption')}
        columns={columns}
        rows={coupons}
        rowKey={(coupon) => coupon.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={
          isFiltered
            ? {
                title: t('coupons.noMatch'),
                body: t('coupons.noMatchBody'),
                action: (
                  <Button variant="secondary" onClick={() => onSearch({})}>
                    {t('common.clearFilters')}
                  </Button>
                ),
              }
            : {
                title: t('coupons.emptyTitle'),
                body: t('coupons.emptyBody'),
                action: <Button onClick={() => open({ kind: 'new' })}>{t('coupons.new')}</Button>,
              }
        }
        pager={{
          kind: 'cursor',
          hasMore: query.hasNextPage,
          isLoadingMore: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
      />
    </ConsolePage>
  );
}

/** The codes of a batch just generated: to copy, download as CSV, or list. */
function GeneratedBatch({ batch, onShow, onDone }: { batch: GeneratedCoupons; onShow: () => void; onDone: () => void }) {
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
function Redemptions({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const { t } = useAdminPlansMessages();
  const query = useInfiniteQuery(couponRedemptionsQueryOptions(coupon.id));
  const rows = query.data?.pages.flatMap((page) => page.items);
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
        rows={rows}
        rowKey={(redemption) => redemption.id}
        isPending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        skeletonRows={2}
        empty={{ title: t('redemptions.emptyTitle'), body: t('redemptions.emptyBody') }}
        pager={{
          kind: 'cursor',
          hasMore: query.hasNextPage,
          isLoadingMore: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
      />
    </section>
  );
}
