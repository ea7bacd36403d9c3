/* Small on purpose: route files import HomeSkeleton as their pending view, so it is in the first bundle. */

/** A shimmering block standing in for content while it loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
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
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}

export function HomeSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-4 py-4 md:px-0 md:pt-20" aria-busy="true">
      <div className="flex flex-col gap-2 rounded-2xl p-5 ring-1 ring-gray-200 dark:ring-gray-800">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-4 w-28" />
      </div>
      <div className="grid grid-cols-4 gap-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="mx-auto size-12 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-10 w-full rounded-2xl" />
      <ListSkeleton rows={5} />
    </div>
  );
}
