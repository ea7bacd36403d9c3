import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setThemePreference } from '../lib/theme';
import { ThemeController } from './theme-controller';

/*
 * docs/product.md T2: a page may force a mode, which overrides the preference while on that page
 * (route staticData.forceTheme); leaving it brings the preference back.
 */

function renderApp() {
  const root = createRootRoute({
    component: () => (
      <>
        <ThemeController />
        <Outlet />
      </>
    ),
  });
  const plain = createRoute({ getParentRoute: () => root, path: '/plain', component: () => <h1>plain</h1> });
  const forced = createRoute({
    getParentRoute: () => root,
    path: '/forced',
    staticData: { forceTheme: 'light' },
    component: () => <h1>forced</h1>,
  });
  const router = createRouter({
    routeTree: root.addChildren([plain, forced]),
    history: createMemoryHistory({ initialEntries: ['/plain'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const isDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  setThemePreference('system');
});

describe('a page that forces a mode (T2)', () => {
  it('overrides the preference while on it, and gives it back after', async () => {
    setThemePreference('dark');
    const router = renderApp();
    await screen.findByRole('heading', { name: 'plain' });
    expect(isDark()).toBe(true);
    act(() => router.history.push('/forced'));
    await screen.findByRole('heading', { name: 'forced' });
    expect(isDark()).toBe(false);
    act(() => router.history.push('/plain'));
    await screen.findByRole('heading', { name: 'plain' });
    expect(isDark()).toBe(true);
  });
});
