import { useEffect, useRef, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { LOADING_BAR, LoadingBarController, type LoadingBarState } from '../lib/loading-bar';

/** ORIGIN.md O-L: the top bar during navigation, driven by the router's pending state. */
export function LoadingBar() {
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
      data-testid="loading-bar"
      aria-hidden="true"
      data-visible={state.visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 origin-left bg-primary-600 transition-[transform,opacity] duration-200 dark:bg-primary-500"
      style={{
        height: LOADING_BAR.heightPx,
        opacity: state.visible ? 1 : 0,
        transform: `scaleX(${state.progress / 100})`,
      }}
    />
  );
}
