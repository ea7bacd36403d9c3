/** How many wait in a console queue: a badge, and words for screen readers. Nothing when none wait. */
export function QueueCount({ count, spoken }: { count: number | undefined; spoken: (count: number) => string }) {
  if (!count) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums dark:bg-amber-900 dark:text-amber-100"
      >
        {count}
      </span>
      <span className="sr-only">{spoken(count)}</span>
    </>
  );
}
