import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { listCouponsQuerySchema } from '@orchard/shared';
import { Button, buttonClass } from '../../components/ui/button';
import { type Column, StatusText } from '../../components/ui/console';
import { ConsoleListPage, cursorListState } from '../../components/ui/console-list';
import { GeneratedBatch, Redemptions } from './coupon-panels';
import type { AdminPlansT } from './messages';
import { SelectField } from '../../components/ui/console-fields';
import { TextField } from '../../components/ui/form';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import {
  adminPlansQueryOptions,
  couponsExportUrl,
  couponsQueryOptions,
  type AdminCoupon,
  type AdminPlan,
  type GeneratedCoupons,
} from './api';
import { CouponForm } from './coupon-form';
import { COUPON_STATE_ORDER, couponState, formatBasisPoints } from './logic';
import { useAdminPlansMessages } from './messages';
import { couponFilterOf, type CouponFilter } from './search';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { linkClass, PeriodText, Sub } from './ui';

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

/**
 * /admin/coupons: coupons filtered by code, kind and batch (kept in the URL), with a CSV export of
 * what is shown; create or edit one, generate a batch, see a coupon's redemptions.
 */
export function CouponsPage() {
  const { t } = useAdminPlansMessages();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const filter = couponFilterOf(search);
  const onSearch = (next: CouponFilter) => void navigate({ search: next });
  const query = useInfiniteQuery(couponsQueryOptions(filter));
  const plans = useQuery(adminPlansQueryOptions());
  const total = query.data?.pages[0]?.total;
  const [panel, setPanel] = useState<Panel | null>(null);
  const open = (next: Panel) => {
    preloadToaster();
    setPanel(next);
  };
  const isFiltered = Boolean(filter.q || filter.kind || filter.batch);
  const columns = useCouponColumns(plans.data?.items ?? [], open);
  return (
    <ConsoleListPage
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
      filters={
        <>
          <CouponPanel panel={panel} plans={plans.data?.items ?? []} onPanel={setPanel} onSearch={onSearch} />
          <CouponFilters filter={filter} onSearch={onSearch} />
        </>
      }
      caption={t('coupons.caption')}
      columns={columns}
      rowKey={(coupon) => coupon.id}
      {...cursorListState(query)}
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
    />
  );
}

type Plans = AdminPlan[];

/** What the page opened above the list: the coupon form, a batch just generated, or a coupon's redemptions. */
function CouponPanel({
  panel,
  plans,
  onPanel,
  onSearch,
}: {
  panel: Panel | null;
  plans: Plans;
  onPanel: (panel: Panel | null) => void;
  onSearch: (next: CouponFilter) => void;
}) {
  return (
    <>
      {panel?.kind === 'new' || panel?.kind === 'edit' || panel?.kind === 'generate' ? (
        <CouponForm
          key={panel.kind === 'edit' ? panel.coupon.id : panel.kind}
          mode={panel.kind === 'new' ? 'create' : panel.kind}
          coupon={panel.kind === 'edit' ? panel.coupon : null}
          plans={plans}
          onDone={() => onPanel(null)}
          onGenerated={(batch) => onPanel({ kind: 'generated', batch })}
        />
      ) : null}
      {panel?.kind === 'generated' ? (
        <GeneratedBatch
          batch={panel.batch}
          onShow={() => {
            onPanel(null);
            onSearch({ batch: panel.batch.batch });
          }}
          onDone={() => onPanel(null)}
        />
      ) : null}
      {panel?.kind === 'redemptions' ? <Redemptions key={panel.coupon.id} coupon={panel.coupon} onClose={() => onPanel(null)} /> : null}
    </>
  );
}

function CouponFilters({ filter, onSearch }: { filter: CouponFilter; onSearch: (next: CouponFilter) => void }) {
  const { t } = useAdminPlansMessages();
  return (
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
  );
}

/** A coupon's offer in words: "20 % off (at most 5.00)", "5.00 off", "5.00 to the wallet". */
function useOfferText() {
  const { t, locale } = useAdminPlansMessages();
  return (coupon: AdminCoupon) => {
    const amount = (minor: number) => formatMoney(minor);
    if (coupon.kind === 'percent_off') {
      const percent = formatBasisPoints(coupon.value * 100, locale);
      return coupon.maxDiscount === null
        ? t('coupons.percentOff', { percent })
        : t('coupons.percentOffMax', { percent, max: amount(coupon.maxDiscount) });
    }
    return t(coupon.kind === 'amount_off' ? 'coupons.amountOff' : 'coupons.walletCredit', { amount: amount(coupon.value) });
  };
}

/** The code (and its batch), the offer, the terms, the dates, the uses, the state, Edit. */
function useCouponColumns(plans: Plans, open: (panel: Panel) => void): Column<AdminCoupon>[] {
  const { t } = useAdminPlansMessages();
  const offer = useOfferText();
  // The moment the list was drawn: a row does not change its words while the operator reads it.
  const [now] = useState(() => Date.now());
  return [
    codeColumn(t),
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
    termsColumn(t, plans),
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
}

function codeColumn(t: AdminPlansT): Column<AdminCoupon> {
  return {
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
  };
}

/** Which plans, the least spend, uses per member, and the member it is kept for. */
function termsColumn(t: AdminPlansT, plans: Plans): Column<AdminCoupon> {
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name;
  return {
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
  };
}
