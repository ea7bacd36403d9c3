import { Outlet, useLocation } from '@tanstack/react-router';

/** Page transition (ORIGIN.md O-R3): each page fades in; none under prefers-reduced-motion. */
export function AnimatedOutlet() {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <div key={pathname} className="motion-safe:animate-page-in">
      <Outlet />
    </div>
  );
}
