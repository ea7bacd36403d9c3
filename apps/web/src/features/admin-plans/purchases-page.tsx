import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { z } from 'zod';
import { listPurchasesQuerySchema, PURCHASE_COMMISSION_FILTERS, purchaseStatusSchema } from '@orchard/shared';
import { Button } from '../../components/ui/button';
import { type Column, StatusText } from '../../components/ui/console';
import { ConsoleListPage, cursorListState } from '../../components/ui/console-list';
import { SelectField } from '../../components/ui/console-fields';
import { TextField } from '../../components/ui/form';
import { preloadConfirmSheet } from '../../components/ui/confirm-sheet';
import { preloadToaster } from '../../components/ui/toast';
import { formatDate, formatMoney } from '../../lib/format';
import { useIntentKeys } from '../../lib/intent-key';
import { adminPlansQueryOptions, purchasesQueryOptions, type AdminPurchase } from './api';
import { useAdminPlansMessages, type AdminPlansT } from './messages';
import { PurchaseDetailsSheet, RefundSheet, STATUS_TONE } from './purchase-sheets';
import { purchaseFilterOf, type PurchaseFilter } from './search';
import { FilterBar, optionalFilter } from '../../components/ui/filter-bar';
import { linkClass, Sub } from './ui';

// Typed by route id; useSearch({ from }) rather than getRouteApi, whose class would join the first load.
const from = '/admin/purchases' as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
function filterSchema(memberInvalid: string) {
  return z.strictObject({
    member: optionalFilter(z.string().trim().pipe(z.uuid(memberInvalid))),
    plan: optionalFilter(listPurchasesQuerySchema.shape.plan.unwrap()),
    status: optionalFilter(purchaseStatusSchema),
    from: optionalFilter(day),
    to: optionalFilter(day),
    commission: optionalFilter(z.enum(PURCHASE_COMMISSION_FILTERS)),
  });
}

type Open = { kind: 'details' | 'refund'; purchase: AdminPurchase };

/**
 * /admin/purchases: plan purchases filtered by member, plan, status and dates (kept in the URL),
 * each with its commissions one tap away, and the refund with a reason.
 */
export function PurchasesPage() {
  const { t } = useAdminPlansMessages();
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const filter = purchaseFilterOf(search);
  const onSearch = (next: PurchaseFilter) => void navigate({ search: next });
  const query = useInfiniteQuery(purchasesQueryOptions(filter));
  const plans = useQuery(adminPlansQueryOptions());
  const total = query.data?.pages[0]?.total;
  const [open, setOpen] = useState<Open | null>(null);
  // One idempotency key per refund intent (purchase and body), kept while the operator retries it.
  // One idempotency key per (purchase, refund) intent, kept while the operator retries it.
  const keys = useIntentKeys();
  const show = (kind: Open['kind'], purchase: AdminPurchase) => {
    preloadConfirmSheet();
    preloadToaster();
    setOpen({ kind, purchase });
  };
  const isFiltered = Object.keys(filter).length > 0;

  const columns = usePurchaseColumns(show);
  return (
    <ConsoleListPage
      title={t('purchases.title')}
      description={
        <>
          {total !== undefined ? (
            <strong className="font-semibold text-gray-900 dark:text-gray-100">{t('purchases.count', { count: total })} · </strong>
          ) : null}
          {t('purchases.intro')}
        </>
      }
      actions={
        <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isRefetching}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('purchases.refresh')}
        </Button>
      }
      filters={<PurchaseFilters filter={filter} plans={plans.data?.items ?? []} onSearch={onSearch} />}
      caption={t('purchases.caption')}
      columns={columns}
      rowKey={(purchase) => purchase.id}
      {...cursorListState(query)}
      empty={
        isFiltered
          ? {
              title: t('purchases.noMatch'),
              body: t('purchases.noMatchBody'),
              action: (
                <Button variant="secondary" onClick={() => onSearch({})}>
                  {t('common.clearFilters')}
                </Button>
              ),
            }
          : { title: t('purchases.emptyTitle'), body: t('purchases.emptyBody') }
      }
    >
      {open?.kind === 'details' ? (
        <PurchaseDetailsSheet
          purchase={open.purchase}
          onClose={() => setOpen(null)}
          onRefund={() => setOpen({ kind: 'refund', purchase: open.purchase })}
        />
      ) : null}
      {open?.kind === 'refund' ? (
        <RefundSheet
          key={open.purchase.id}
          purchase={open.purchase}
          send={(body, request) => keys.run(open.purchase.id, body, request)}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </ConsoleListPage>
  );
}

/** Member, plan, status, dates and commissions, kept in the URL. */
function PurchaseFilters({
  filter,
  plans,
  onSearch,
}: {
  filter: PurchaseFilter;
  plans: Array<{ id: string; name: string }>;
  onSearch: (next: PurchaseFilter) => void;
}) {
  const { t } = useAdminPlansMessages();
  const schema = filterSchema(t('purchases.memberInvalid'));
  return (
    <FilterBar
      key={JSON.stringify(filter)}
      schema={schema}
      defaultValues={{
        member: filter.member ?? '',
        plan: filter.plan ?? '',
        status: filter.status ?? '',
        from: filter.from ?? '',
        to: filter.to ?? '',
        commission: filter.commission ?? '',
      }}
      onSearch={onSearch}
    >
      <TextField name="member" label={t('purchases.memberId')} autoComplete="off" spellCheck={false} />
      <SelectField
        name="plan"
        label={t('purchases.plan')}
        options={[{ value: '', label: t('common.any') }, ...plans.map((plan) => ({ value: plan.id, label: plan.name }))]}
      />
      <SelectField
        name="status"
        label={t('purchases.status')}
        options={[
          { value: '', label: t('common.any') },
          ...purchaseStatusSchema.options.map((status) => ({ value: status, label: t(`purchases.statuses.${status}`) })),
        ]}
      />
      <TextField name="from" type="date" label={t('purchases.from')} />
      <TextField name="to" type="date" label={t('purchases.to')} />
      <SelectField
        name="commission"
        label={t('purchases.commissionFilter')}
        options={[
          { value: '', label: t('common.any') },
          ...PURCHASE_COMMISSION_FILTERS.map((value) => ({ value, label: t(`purchases.commissionFilters.${value}`) })),
        ]}
      />
    </FilterBar>
  );
}

/** Who bought, which plan for when, what was paid, its state, its commissions; Details and Refund. */
function usePurchaseColumns(show: (kind: Open['kind'], purchase: AdminPurchase) => void): Column<AdminPurchase>[] {
  const { t } = useAdminPlansMessages();
  return [
    {
      key: 'member',
      header: t('purchases.member'),
      cell: (purchase) => (
        <>
          <Link to="/admin/members/$id" params={{ id: purchase.member.id }} className={`font-medium ${linkClass}`}>
            {purchase.member.displayName}
          </Link>
          <Sub>{purchase.member.email ?? purchase.member.phone ?? ''}</Sub>
        </>
      ),
    },
    {
      key: 'plan',
      header: t('purchases.plan'),
      cell: (purchase) => (
        <>
          <div className="font-medium">{purchase.plan.name}</div>
          <Sub>
            <span className="whitespace-nowrap">
              {t('purchases.period', { start: formatDate(purchase.startsAt), end: formatDate(purchase.endsAt) })}
            </span>
          </Sub>
        </>
      ),
    },
    {
      key: 'paid',
      header: t('purchases.paid'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      cell: (purchase) => (
        <>
          <div className="font-semibold">{formatMoney(purchase.paid, { currency: purchase.currency })}</div>
          {purchase.discount > 0 ? (
            <Sub>
              {t('purchases.discount', {
                discount: formatMoney(purchase.discount, { currency: purchase.currency }),
                code: purchase.couponCode ?? '',
              })}
            </Sub>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('purchases.status'),
      cell: (purchase) => (
        <>
          <StatusText tone={STATUS_TONE[purchase.status]}>{t(`purchases.statuses.${purchase.status}`)}</StatusText>
          {purchase.refundReason ? (
            <div className="line-clamp-2 max-w-44 text-xs text-gray-600 dark:text-gray-400" title={purchase.refundReason}>
              {purchase.refundReason}
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: 'commissions',
      header: t('purchases.commissions'),
      className: 'tabular-nums',
      cell: (purchase) => <CommissionSummary purchase={purchase} />,
    },
    purchaseActionsColumn(t, show),
  ];
}

function purchaseActionsColumn(t: AdminPlansT, show: (kind: Open['kind'], purchase: AdminPurchase) => void): Column<AdminPurchase> {
  return {
    key: 'actions',
    header: t('purchases.actions'),
    hideHeader: true,
    cell: (purchase) => {
      const name = `${purchase.plan.name}, ${purchase.member.displayName}`;
      return (
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            className="min-h-10 px-3"
            onClick={() => show('details', purchase)}
            aria-label={`${t('purchases.details')}: ${name}`}
          >
            {t('purchases.details')}
          </Button>
          {purchase.status !== 'refunded' ? (
            <Button
              variant="danger-outline"
              className="min-h-10 px-3"
              onClick={() => show('refund', purchase)}
              aria-label={`${t('purchases.refund')}: ${name}`}
            >
              {t('purchases.refund')}
            </Button>
          ) : null}
        </div>
      );
    },
  };
}

/** What a purchase's commissions came to: the amount still owed to uplines, and each status counted. */
function CommissionSummary({ purchase }: { purchase: AdminPurchase }) {
  const { t } = useAdminPlansMessages();
  const paid = purchase.commissions.filter((row) => row.status === 'pending' || row.status === 'available');
  const amount = paid.reduce((sum, row) => sum + row.amount, 0);
  const counts = new Map<string, number>();
  for (const row of purchase.commissions) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const failed = purchase.commissions.filter((row) => row.status === 'pending' && row.releaseFailure !== null).length;
  return (
    <>
      <div className="whitespace-nowrap">
        {paid.length === 0
          ? t('purchases.noCommission')
          : t('purchases.commissionTotal', { amount: formatMoney(amount, { currency: purchase.currency }), count: paid.length })}
      </div>
      <Sub>
        {(['pending', 'available', 'reversed', 'skipped'] as const)
          .filter((status) => counts.has(status))
          .map((status) => t(`purchases.commissionCounts.${status}`, { count: counts.get(status) ?? 0 }))
          .join(' · ')}
      </Sub>
      {failed > 0 ? (
        <div className="flex items-center gap-1 text-xs font-medium whitespace-nowrap text-red-700 dark:text-red-400">
          <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
          {t('purchases.releaseFailed', { count: failed })}
        </div>
      ) : null}
    </>
  );
}
