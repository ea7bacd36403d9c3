/// <reference types="node" />
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Vitest stubs CSS imports, so the stylesheet is read as text to check what the browser gets.
const themeCss = readFileSync(join(import.meta.dirname, '..', '..', 'theme.css'), 'utf8');

function keyframes(name: string): string {
  const start = themeCss.indexOf(`@keyframes ${name} {`);
  expect(start).toBeGreaterThan(-1);
  let depth = 0;
  for (let i = themeCss.indexOf('{', start); i < themeCss.length; i++) {
    if (themeCss[i] === '{') depth++;
    if (themeCss[i] === '}' && --depth === 0) return themeCss.slice(start, i + 1);
  }
  throw new Error(`unterminated @keyframes ${name}`);
}

// The module remembers whether the app has rendered once: each test starts from a fresh copy.
let outlet: typeof import('./animated-outlet');
beforeEach(async () => {
  vi.resetModules();
  outlet = await import('./animated-outlet');
});

function renderApp() {
  const { AnimatedOutlet, useEntranceClass } = outlet;
  function Layout() {
    const entrance = useEntranceClass('layout');
    return (
      <div data-testid="layout" className={entrance}>
        <AnimatedOutlet />
      </div>
    );
  }
  const root = createRootRoute();
  const layout = createRoute({ getParentRoute: () => root, id: 'layout', component: Layout });
  const pages = ['/first', '/second', '/third'].map((path) =>
    createRoute({ getParentRoute: () => layout, path, component: () => <h1>{path}</h1> }),
  );
  const router = createRouter({
    routeTree: root.addChildren([layout.addChildren(pages)]),
    history: createMemoryHistory({ initialEntries: ['/first'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const pageWrapper = (path: string) => screen.getByRole('heading', { name: path }).parentElement;

describe('page and layout entrances (docs/product.md R3)', () => {
  it('shows the first page as it is: no entrance on the first render, for page or layout', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: '/first' })).toBeTruthy();
    expect(pageWrapper('/first')?.className ?? '').toBe('');
    expect(screen.getByTestId('layout').className).toBe('');
  });

  it('enters each page reached by a navigation, motion-safe only, and keeps the layout still', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: '/first' });
    act(() => router.history.push('/second'));
    expect(await screen.findByRole('heading', { name: '/second' })).toBeTruthy();
    expect(pageWrapper('/second')?.className).toBe('motion-safe:animate-page-in');
    act(() => router.history.push('/first'));
    // Back on the path of the first render: a navigation all the same.
    await screen.findByRole('heading', { name: '/first' });
    expect(pageWrapper('/first')?.className).toBe('motion-safe:animate-page-in');
    expect(screen.getByTestId('layout').className).toBe('');
  });

  it('enters a layout that mounts after the first render (e.g. signing in switches layouts)', async () => {
    renderApp();
    await screen.findByRole('heading', { name: '/first' });
    function LaterLayout() {
      return <div data-testid="later">{outlet.useEntranceClass('layout')}</div>;
    }
    render(<LaterLayout />);
    expect(screen.getByTestId('later').textContent).toBe('motion-safe:animate-layout-in');
  });
});

describe('entrance keyframes (theme.css)', () => {
  it.each(['page-in', 'layout-in'])('%s never starts invisible: faded-in content must count as a contentful paint', (name) => {
    const frames = keyframes(name);
    const opacities = [...frames.matchAll(/opacity:\s*([\d.]+)/g)].map((match) => Number(match[1]));
    expect(opacities.length).toBeGreaterThan(0);
    for (const opacity of opacities) expect(opacity).toBeGreaterThanOrEqual(0.5);
  });

  it('runs entrances for 150–250 ms without holding a first frame (no fill mode)', () => {
    for (const name of ['page-in', 'layout-in']) {
      const declaration = themeCss.match(new RegExp(`--animate-${name}:\\s*${name}\\s+(\\d+)ms([^;]*);`));
      expect(declaration, name).not.toBeNull();
      const duration = Number(declaration?.[1]);
      expect(duration).toBeGreaterThanOrEqual(150);
      expect(duration).toBeLessThanOrEqual(250);
      expect(declaration?.[2]).not.toMatch(/\b(both|backwards)\b/);
    }
  });
});
