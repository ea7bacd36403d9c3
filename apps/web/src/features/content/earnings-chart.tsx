import { currentLocale, formatPercent } from '../../lib/format';
import { useEarningsMessages } from './earnings-messages';

/**
 * One bar, in plain SVG (no chart library): how many members ended below zero, at zero and above
 * zero (earned minus spent on plans), each part as wide as its share. The numbers are also written
 * out below it and in the label, so nothing rests on colour alone.
 */
/** A count of members in the reader's language. */
export const formatCount = (count: number) => count.toLocaleString(currentLocale());

export function OutcomeChart({ below, zero, above }: { below: number; zero: number; above: number }) {
  const { t } = useEarningsMessages();
  const total = below + zero + above;
  const parts = [
    { key: 'below', count: below, label: t('chartBelow'), fill: 'fill-rose-500 dark:fill-rose-400', dot: 'bg-rose-500 dark:bg-rose-400' },
    { key: 'zero', count: zero, label: t('chartZero'), fill: 'fill-gray-300 dark:fill-gray-600', dot: 'bg-gray-300 dark:bg-gray-600' },
    {
      key: 'above',
      count: above,
      label: t('chartAbove'),
      fill: 'fill-emerald-500 dark:fill-emerald-400',
      dot: 'bg-emerald-500 dark:bg-emerald-400',
    },
  ];
  let x = 0;
  return (
    <figure className="flex flex-col gap-3">
      <svg
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        className="h-8 w-full overflow-hidden rounded-lg"
        role="img"
        aria-label={t('chartLabel', { below: formatCount(below), zero: formatCount(zero), above: formatCount(above) })}
      >
        {total === 0 ? (
          <rect x="0" y="0" width="100" height="8" className="fill-gray-200 dark:fill-gray-800" />
        ) : (
          parts.map((part) => {
            const width = (part.count / total) * 100;
            const rect = <rect key={part.key} x={x} y="0" width={width} height="8" className={part.fill} />;
            x += width;
            return rect;
          })
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
        {parts.map((part) => (
          <span key={part.key} className="inline-flex items-center gap-1.5">
            <span className={`size-3 rounded-sm ${part.dot}`} aria-hidden="true" />
            {part.label}: <strong className="font-semibold tabular-nums">{formatCount(part.count)}</strong>
            {total > 0 ? (
              <span className="text-gray-500 dark:text-gray-400">({formatPercent(Math.round((part.count / total) * 10_000))})</span>
            ) : null}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
