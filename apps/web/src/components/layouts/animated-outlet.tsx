import { useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';

/*
 * Page and layout transitions (docs/product.md R3, docs/product.md "Look and feel").
 *
 * Nothing animates on the app's first render: the first paint shows the page as it is.
 * Content revealed by an opacity animation is not a contentful paint for the browser (an
 * entrance from `opacity: 0` left Lighthouse with no first-contentful-paint at all), and an
 * entrance there would only delay what the visitor came for. A page or layout that mounts
 * later, after a navigation, enters with a short slide and a partial fade (theme.css: never
 * from invisible). The `motion-safe:` variant leaves both out under prefers-reduced-motion.
 */
const ENTRANCE = {
  page: 'motion-safe:animate-page-in',
  layout: 'motion-safe:animate-layout-in',
} as const;

// Set once anything using an entrance has been committed: from then on a mount is a navigation.
let hasRendered = false;

/**
 * The entrance classes for a page or layout, decided once at mount: empty during the app's
 * first render, the animation for everything that mounts afterwards.
 */
export function useEntranceClass(kind: keyof typeof ENTRANCE): string {
  const [entrance] = useState(() => (hasRendered ? ENTRANCE[kind] : ''));
  useEffect(() => {
    hasRendered = true;
  }, []);
  return entrance;
}

/** A page under a layout: a new one (new path) mounts, and so enters, on each navigation. */
export function AnimatedOutlet() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <PageEntrance key={pathname}>
      <Outlet />
    </PageEntrance>
  );
}

function PageEntrance({ children }: { children: ReactNode }) {
  const entrance = useEntranceClass('page');
  return <div className={entrance || undefined}>{children}</div>;
}
