import { lazy, Suspense, type ComponentType } from 'react';
import type { ErrorViewProps } from './error-view-props';

function PlainErrorView({ status, message }: ErrorViewProps) {
  return (
    <main className="p-6">
      <h1 className="text-xl font-semibold">{status}</h1>
      <p>{message}</p>
    </main>
  );
}

// docs/product.md C4: the error views are loaded on demand; if even that fails, a plain view shows.
const lazyView = (load: () => Promise<{ default: ComponentType<ErrorViewProps> }>) =>
  lazy(() => load().catch(() => ({ default: PlainErrorView })));
const NotFoundView = lazyView(() => import('./not-found-view'));
const StatusView = lazyView(() => import('./status-view'));

/** The error page of docs/product.md E2: one view for 404, one for any other status. */
export function ErrorPage({ status, message, traceId, onRetry }: ErrorViewProps) {
  const View = status === 404 ? NotFoundView : StatusView;
  return (
    <Suspense fallback={<div className="min-h-[60dvh]" aria-busy="true" />}>
      <View status={status} message={message} traceId={traceId} onRetry={onRetry} />
    </Suspense>
  );
}
