import { useEffect, useRef, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from '@/lib/i18n';
import { LOADING_BAR, LoadingBarController, type LoadingBarState } from '../lib/loading-bar';

/**
 * docs/product.md L1–3: the top bar during navigation, driven by the router's pending state. While it
 * shows it is a named progress bar with no value (the progress drawn is an estimate, not a
 * measure); hidden, it is out of the accessibility tree.
 */
export function LoadingBar() {
  const { t } = useTranslation();
  const isPending = useRouterState({ select: (state) => state.status === 'pending' || state.isLoading });
  const [state, setState] = useState<LoadingBarState>({ visible: false, progress: 0 });
  const controller = useRef<LoadingBarController | null>(null);

  useEffect(() => {
    const instance = new LoadingBarController(setState);
    controller.current = instance;
    return () => instance.dispose();
  }, []);

  useEffect(() => {
    if (isPending) controller.current?.start();
    else controller.current?.finish();
  }, [isPending]);

  return (
    <div
      role="progressbar"
      aria-label={t('app.loading')}
      aria-hidden={!state.visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 origin-left bg-primary-600 transition-[transform,opacity] duration-200 dark:bg-primary-500"
      style={{
        height: LOADING_BAR.heightPx,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
      }}
    />
  );
}
