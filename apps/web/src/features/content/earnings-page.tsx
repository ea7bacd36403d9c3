import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DisclosurePeriod, DisclosureStats } from '@orchard/shared';
import { Page } from '../../components/page';
import { Card } from '../../components/ui/card';
import { QueryLoadError } from '../../components/ui/load-error';
import { Prose } from '../../components/ui/prose';
import { Skeleton } from '../../components/ui/skeletons';
import { fallbackLang } from '../../components/ui/untranslated';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { earningsDisclosureQueryOptions, legalPagesQueryOptions } from './api';
import { formatCount, OutcomeChart } from './earnings-chart';
import { useEarningsMessages } from './earnings-messages';

type PeriodKey = 'lastYear' | 'allTime';
const STATS = ['median', 'mean', 'p90', 'p99'] as const;
const METHOD = ['counted', 'earned', 'spent', 'percentiles', 'published'] as const;

/** /earnings: what members earned and spent, from the newest published snapshot (docs/decisions/0031). Public. */
export function EarningsPage() {
  const { t } = useEarningsMessages();
  const query = useQuery(earningsDisclosureQueryOptions());
  const [period, setPeriod] = useState<PeriodKey>('lastYear');
  const snapshot = query.data?.snapshot;
  return (
    <Page title={t('title')}>
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-2 p-4 text-sm text-gray-700 dark:text-gray-300">
          <p>{t('lead')}</p>
          <p className="font-semibold text-gray-900 dark:text-gray-50">{t('notInvestment')}</p>
        </Card>
        {snapshot ? (
          <>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {t('computed', { date: formatDate(snapshot.computedAt), currency: snapshot.currency })}
            </p>
            <PeriodSwitch value={period} onChange={setPeriod} />
            <PeriodFigures figures={snapshot.figures[period]} currency={snapshot.currency} />
          </>
        ) : query.isError ? (
          <QueryLoadError query={query} fallback={t('failed')} />
        ) : query.data ? (
          <Card className="p-4 text-sm text-gray-700 dark:text-gray-300">{t('notYet')}</Card>
        ) : (
          <Skeleton className="h-96 rounded-2xl" />
        )}
        <Method />
        <OperatorWords />
      </div>
    </Page>
  );
}

function PeriodSwitch({ value, onChange }: { value: PeriodKey; onChange: (value: PeriodKey) => void }) {
  const { t } = useEarningsMessages();
  return (
    <div role="group" aria-label={t('period')} className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
      {(['lastYear', 'allTime'] as const).map((key) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className={`min-h-11 rounded-lg text-sm font-semibold ${
            value === key ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-gray-50' : 'text-gray-600 dark:text-gray-300'
          }`}
        >
          {t(key)}
        </button>
      ))}
    </div>
  );
}

function PeriodFigures({ figures, currency }: { figures: DisclosurePeriod; currency: string }) {
  const { t } = useEarningsMessages();
  const money = (minor: number) => formatMoney(minor, { currency });
  const share = figures.members > 0 ? formatPercent(Math.round((figures.earners / figures.members) * 10_000)) : formatPercent(0);
  const zero = figures.members - figures.belowZero - figures.aboveZero;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label={t('members')} value={formatCount(figures.members)} />
        <Figure label={t('earners')} value={formatCount(figures.earners)} note={t('earnersShare', { share })} />
        <Figure label={t('belowZero')} value={formatCount(figures.belowZero)} />
        <Figure label={t('aboveZero')} value={formatCount(figures.aboveZero)} />
        <Figure label={t('earnedTotal')} value={money(figures.earned.total)} />
        <Figure label={t('spentTotal')} value={money(figures.spentTotal)} />
      </dl>
      <Card className="flex flex-col gap-3 p-4">
        <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('chartTitle')}</h2>
        <OutcomeChart below={figures.belowZero} zero={zero} above={figures.aboveZero} />
      </Card>
      <StatsTable title={t('earnedTitle')} everyone={figures.earned.everyone} earners={figures.earned.earners} money={money} />
      <StatsTable title={t('netTitle')} everyone={figures.net.everyone} earners={figures.net.earners} money={money} />
      <LevelsTable levels={figures.levels} money={money} />
      {figures.waiting.total > 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('waiting', { total: money(figures.waiting.total), members: formatCount(figures.waiting.members) })}
        </p>
      ) : null}
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-3">
      <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-gray-900 dark:text-gray-50">{value}</dd>
      {note ? <dd className="text-xs text-gray-600 dark:text-gray-400">{note}</dd> : null}
    </Card>
  );
}

const cell = 'px-3 py-2 text-right tabular-nums';
const head = 'px-3 py-2 text-right font-medium text-gray-600 dark:text-gray-400';

/** A card with one table: a caption, column heads, and a row head with its cells per line. */
function FigureTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: string[];
  rows: Array<{ key: string | number; label: string; cells: string[] }>;
}) {
  const { t } = useEarningsMessages();
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-sm text-gray-900 dark:text-gray-100">
        <caption className="px-3 pt-3 text-left text-base font-semibold text-gray-900 dark:text-gray-50">{title}</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-800">
            <th scope="col" className={head}>
              <span className="sr-only">{t('group')}</span>
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className={head}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-gray-100 last:border-0 dark:border-gray-800/60">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {row.label}
              </th>
              {row.cells.map((value, index) => (
                <td key={index} className={cell}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function StatsTable(props: { title: string; everyone: DisclosureStats; earners: DisclosureStats; money: (minor: number) => string }) {
  const { t } = useEarningsMessages();
  const rows = STATS.map((stat) => ({
    key: stat,
    label: t(stat),
    cells: [props.money(props.everyone[stat]), props.money(props.earners[stat])],
  }));
  return <FigureTable title={props.title} columns={[t('everyone'), t('onlyEarners')]} rows={rows} />;
}

function LevelsTable({ levels, money }: { levels: DisclosurePeriod['levels']; money: (minor: number) => string }) {
  const { t } = useEarningsMessages();
  const rows = levels.map((level) => ({
    key: level.level,
    label: t('level', { level: level.level }),
    cells: [formatCount(level.earners), money(level.total), money(level.median)],
  }));
  return <FigureTable title={t('levelsTitle')} columns={[t('levelEarners'), t('levelTotal'), t('levelMedian')]} rows={rows} />;
}

function Method() {
  const { t } = useEarningsMessages();
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('methodTitle')}</h2>
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-gray-700 dark:text-gray-300">
        {METHOD.map((key) => (
          <li key={key}>{t(`method.${key}`)}</li>
        ))}
      </ul>
    </Card>
  );
}

/** The operator's words (the `earnings` legal page), when published: around the figures, never in them. */
function OperatorWords() {
  const { t } = useEarningsMessages();
  const legal = useQuery(legalPagesQueryOptions());
  const words = legal.data?.documents.find((document) => document.kind === 'earnings');
  if (!words) return null;
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{t('operatorTitle')}</h2>
      <Prose html={words.bodyHtml} className="text-sm" lang={fallbackLang(words.untranslated, 'bodyHtml')} />
    </Card>
  );
}
