import type { CSSProperties } from 'react';

/** A shimmering block standing in for content while it loads. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return (
    <span
      aria-hidden="true"
      style={style}
      className={`block animate-pulse rounded-lg bg-gray-200 motion-reduce:animate-none dark:bg-gray-800 ${className ?? ''}`}
    />
  );
}

export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton style={{ height: '1rem', width: '66.67%' }} />
            <Skeleton style={{ height: '0.75rem', width: '33.33%' }} />
          </div>
          <Skeleton style={{ height: '1rem', width: '4rem' }} />
        </div>
      ))}
    </div>
  );
}
