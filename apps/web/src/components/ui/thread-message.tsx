import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * One message of a conversation (a support request's thread): who wrote it and when above it, the
 * text kept as written (line breaks, long words wrapped). `own` sets it at the end of the line in
 * the brand's colour: the reader's own side.
 */
export function ThreadMessage({ own, author, when, body }: { own: boolean; author: string; when: ReactNode; body: string }) {
  return (
    <li className={cn('flex flex-col gap-1', own ? 'items-end ps-8' : 'items-start pe-8')}>
      <span className="px-1 text-xs text-gray-600 dark:text-gray-400">
        <span className="font-medium text-gray-800 dark:text-gray-200">{author}</span> · {when}
      </span>
      <p
        className={cn(
          'max-w-prose rounded-2xl px-4 py-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          own
            ? 'bg-primary-50 text-gray-900 dark:bg-primary-950 dark:text-gray-50'
            : 'border border-gray-200 bg-white text-gray-900 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-50',
        )}
      >
        {body}
      </p>
    </li>
  );
}
