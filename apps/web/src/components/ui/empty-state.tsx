import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

/** What is not there yet, said plainly, with the next step when there is one. */
export function EmptyState({ title, body, action, icon }: { title: string; body: string; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-gray-300 px-6 py-10 text-center dark:border-gray-700">
      <span
        className="grid size-12 place-items-center rounded-full bg-gray-100 text-gray-500 dark:bg-gray-800 dark:text-gray-400"
        aria-hidden="true"
      >
        {icon ?? <Inbox className="size-6" />}
      </span>
      <p className="text-base font-semibold text-gray-900 dark:text-gray-100">{title}</p>
      <p className="max-w-sm text-sm text-gray-600 dark:text-gray-400">{body}</p>
      {action}
    </div>
  );
}
