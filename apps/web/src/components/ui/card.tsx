import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-2xl bg-white p-5 ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-800', className)} {...rest} />;
}

/**
 * A card that does one thing (the console's member actions, the maintenance switch): its title,
 * a line saying what it does, then its form and what came of it.
 */
export function ActionCard({ title, lead, children }: { title: ReactNode; lead: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-gray-900 dark:text-gray-50">{title}</h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{lead}</p>
      </div>
      {children}
    </Card>
  );
}
