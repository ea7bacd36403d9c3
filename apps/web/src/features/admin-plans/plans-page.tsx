import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { type Column, StatusText } from '../../components/ui/console';
import { ConsoleListPage, listState } from '../../components/ui/console-list';
import { MissingLanguages, useLanguagesColumnHeader } from '../../components/ui/language-tabs';
import { preloadToaster } from '../../components/ui/toast';
import { formatMoney } from '../../lib/format';
import { adminPlansQueryOptions, type AdminPlan } from './api';
import { useAdminPlansMessages, type AdminPlansT } from './messages';
import { PlanForm } from './plan-form';
import { PeriodText, Sub } from './ui';

/** /admin/plans: every plan with what it sold; edit one or add a new one (createPlan, updatePlan). */
export function PlansPage() {
  const { t } = useAdminPlansMessages();
  const query = useQuery(adminPlansQueryOptions());
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const edit = (plan: AdminPlan | 'new') => {
    preloadToaster();
    setEditing(plan);
  };
  const columns = usePlanColumns(edit);
  return (
    <ConsoleListPage
      title={t('plans.title')}
      description={t('plans.intro')}
      actions={<Button onClick={() => edit('new')}>{t('plans.new')}</Button>}
      filters={
        editing ? (
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        ) : null
      }
      caption={t('plans.caption')}
      columns={columns}
      rowKey={(plan) => plan.id}
      {...listState(query)}
      empty={{
        title: t('plans.emptyTitle'),
        body: t('plans.emptyBody'),
        action: <Button onClick={() => edit('new')}>{t('plans.new')}</Button>,
      }}
    />
  );
}

/** A plan's name, price, length, sales, stock, sale window, languages and state (each sortable), and Edit. */
function usePlanColumns(edit: (plan: AdminPlan) => void): Column<AdminPlan>[] {
  const { t } = useAdminPlansMessages();
  const languagesHeader = useLanguagesColumnHeader();
  return [
    nameColumn(t),
    {
      key: 'price',
      header: t('plans.price'),
      align: 'end',
      className: 'font-semibold whitespace-nowrap tabular-nums',
      sortValue: (plan) => plan.price,
      cell: (plan) => formatMoney(plan.price, { currency: plan.currency }),
    },
    {
      key: 'duration',
      header: t('plans.duration'),
      className: 'whitespace-nowrap tabular-nums',
      sortValue: (plan) => plan.durationDays,
      cell: (plan) => t('common.days', { count: plan.durationDays }),
    },
    {
      key: 'sold',
      header: t('plans.sold'),
      align: 'end',
      className: 'tabular-nums',
      sortValue: (plan) => plan.soldCount,
      cell: (plan) => plan.soldCount,
    },
    {
      key: 'stock',
      header: t('plans.stockLeft'),
      align: 'end',
      className: 'whitespace-nowrap tabular-nums',
      sortValue: (plan) => plan.remainingStock ?? Number.MAX_SAFE_INTEGER,
      cell: (plan) =>
        plan.stock === null || plan.remainingStock === null
          ? t('plans.unlimited')
          : t('plans.stockOf', { left: plan.remainingStock, stock: plan.stock }),
    },
    {
      key: 'sale',
      header: t('plans.sale'),
      cell: (plan) => <PeriodText startsAt={plan.saleStartsAt} endsAt={plan.saleEndsAt} />,
    },
    {
      key: 'languages',
      header: languagesHeader,
      sortValue: (plan) => plan.missingLanguages.length,
      cell: (plan) => <MissingLanguages missing={plan.missingLanguages} />,
    },
    statusColumn(t),
    {
      key: 'edit',
      header: t('plans.edit'),
      hideHeader: true,
      align: 'end',
      cell: (plan) => (
        <Button variant="secondary" className="min-h-10" onClick={() => edit(plan)} aria-label={`${t('plans.edit')} ${plan.name}`}>
          {t('plans.edit')}
        </Button>
      ),
    },
  ];
}

function nameColumn(t: AdminPlansT): Column<AdminPlan> {
  return {
    key: 'name',
    header: t('plans.name'),
    sortValue: (plan) => plan.name,
    cell: (plan) => (
      <>
        <div className="flex flex-wrap items-center gap-2 max-sm:justify-end">
          <span className="font-medium">{plan.name}</span>
          {plan.badge ? (
            <span className="rounded-full bg-primary-50 px-2 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-300">
              {plan.badge}
            </span>
          ) : null}
        </div>
        {plan.perMemberLimit !== null ? <Sub>{t('plans.perMember', { count: plan.perMemberLimit })}</Sub> : null}
      </>
    ),
  };
}

function statusColumn(t: AdminPlansT): Column<AdminPlan> {
  return {
    key: 'status',
    header: t('plans.status'),
    className: 'whitespace-nowrap',
    sortValue: (plan) => (plan.active ? 0 : 1),
    cell: (plan) => (
      <>
        <StatusText tone={plan.active ? 'good' : 'off'}>{plan.active ? t('common.active') : t('common.inactive')}</StatusText>
        {plan.active ? (
          <Sub>{plan.onSale ? t('plans.onSale') : plan.remainingStock === 0 ? t('plans.soldOut') : t('plans.notOnSale')}</Sub>
        ) : null}
      </>
    ),
  };
}
