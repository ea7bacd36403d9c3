import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { currentLocale } from '../../lib/format';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A line chart of daily values (uPlot, loaded with the console's code only). The figures it
 * draws are also in the table beside it, for screen readers and for exact reading.
 */
export function DailyChart({
  days,
  series,
  label,
  dayLabel,
  format,
}: {
  days: string[];
  series: ChartSeries[];
  label: string;
  /** The x axis's name in the legend (the day under the cursor). */
  dayLabel: string;
  format: (value: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const dark = document.documentElement.classList.contains('dark');
    const xs = days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
    const last = xs.length - 1;
    const dayFormat = new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const axis = { stroke: dark ? '#9ca3af' : '#4b5563', grid: { stroke: dark ? '#1f2937' : '#e5e7eb' }, ticks: { show: false } };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 220,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [
          // Days in the app's language (uPlot's own labels are English).
          { ...axis, values: (_u, ticks) => ticks.map((tick) => dayFormat.format(tick * 1000)) },
          { ...axis, size: 88, values: (_u, ticks) => ticks.map((tick) => format(tick)) },
        ],
        // The legend says the figures of the day under the cursor; with no cursor on the chart, the
        // latest day's (never a row of "–").
        series: [
          {
            label: dayLabel,
            value: (_u: uPlot, v: number | null) => {
              const at = v ?? xs[last];
              return at === undefined ? '' : dayFormat.format(at * 1000);
            },
          },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            value: (_u: uPlot, v: number | null, _series: number, idx: number | null) =>
              idx === null ? format(s.values[last] ?? 0) : v === null ? '' : format(v),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 220 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, format, dayLabel]);
  return <div ref={host} role="img" aria-label={label} className="w-full overflow-hidden text-xs text-gray-700 dark:text-gray-300" />;
}
