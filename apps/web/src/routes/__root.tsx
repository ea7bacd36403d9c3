import { lazy, Suspense, useEffect, useState } from 'react';
import { createRootRouteWithContext, Outlet, useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page/error-page';
import { describeError, notFoundMessage } from '../components/error-page/describe-error';
import { LoadingBar } from '../components/loading-bar';
import { ThemeController } from '../components/theme-controller';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload';
import { reportClientError } from '../lib/report-error';
import { fetchLatestBuildId, startUpdateCheck } from '../lib/update-check';
import type { RouterContext } from '../lib/router-context';

// The notice's code loads only when a newer build has been found.
const UpdateNotice = lazy(() => import('../components/update-notice').then((module) => ({ default: module.UpdateNotice })));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  const [hasUpdate, setHasUpdate] = useState(false);
  useEffect(
    () => startUpdateCheck({ currentBuildId: __BUILD_ID__, fetchLatestId: fetchLatestBuildId, onNewVersion: () => setHasUpdate(true) }),
    [],
  );
  return (
    <>
      <ThemeController />
      <LoadingBar />
      <Outlet />
      {hasUpdate && (
        <Suspense fallback={null}>
          <UpdateNotice />
        </Suspense>
      )}
    </>
  );
}

/** docs/product.md E1: any path outside the route table. */
function NotFound() {
  const path = useLocation({ select: (location) => location.pathname });
  return <ErrorPage status={404} message={notFoundMessage(path)} />;
}

/** docs/product.md E2/E3/E4: failed loaders and render errors end here, never on a blank screen. */
function RootError({ error, reset }: ErrorComponentProps) {
  const isChunkError = isChunkLoadError(error);
  // Decided once per error: a reload is attempted at most once (the guard lives in sessionStorage).
  const [isReloading] = useState(() => isChunkError && reloadAfterChunkError());
  useEffect(() => {
    if (!isReloading) reportClientError(isChunkError ? 'chunk' : 'render', error);
  }, [error, isChunkError, isReloading]);
  if (isReloading) return null;
  const { status, message, traceId } = describeError(error);
  return <ErrorPage status={status} message={message} traceId={traceId} onRetry={reset} />;
}
