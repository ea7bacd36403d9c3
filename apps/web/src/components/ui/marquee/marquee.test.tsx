/// <reference types="node" />
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marquee } from './marquee';
import { MARQUEE_DEFAULT_DURATION_S, MARQUEE_REMEASURE_MS, copiesToFill } from './marquee-logic';

// Vitest stubs CSS imports, so the stylesheet is read as text to check what the browser gets.
const widgetsCss = readFileSync(join(import.meta.dirname, '..', 'widgets.css'), 'utf8');

let containerSize = 360;
let contentSize = 100;

function box(size: number): DOMRect {
  return { width: size, height: size, top: 0, left: 0, right: size, bottom: size, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
}

beforeEach(() => {
  vi.useFakeTimers();
  containerSize = 360;
  contentSize = 100;
  // happy-dom has no layout: the marquee root measures `containerSize`, the original copy `contentSize`.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('orchard-marquee')) return box(containerSize);
    if (this.parentElement?.hasAttribute('data-marquee-strip') && !this.hasAttribute('data-marquee-clone')) {
      return box(contentSize);
    }
    return box(0);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function root(container: HTMLElement): HTMLElement {
  return container.querySelector('.orchard-marquee') as HTMLElement;
}
function cssVar(container: HTMLElement, name: string): string {
  return root(container).style.getPropertyValue(name);
}
function copyCount(container: HTMLElement): number {
  return container.querySelectorAll('[data-marquee-strip] > div').length;
}

const news = (
  <a href="/promotion" className="px-4">
    Spring promotion
  </a>
);

describe('<Marquee> (docs/product.md W3)', () => {
  it('takes 20 s per loop and loops forever by default', () => {
    expect(MARQUEE_DEFAULT_DURATION_S).toBe(20);
    const { container } = render(<Marquee>{news}</Marquee>);
    expect(cssVar(container, '--marquee-duration')).toBe('20s');
    expect(cssVar(container, '--marquee-iterations')).toBe('infinite');
    expect(cssVar(container, '--marquee-play-state')).toBe('running');
  });

  it('takes a duration and a loop count', () => {
    const { container, rerender } = render(
      <Marquee duration={8} loop={3}>
        {news}
      </Marquee>,
    );
    expect(cssVar(container, '--marquee-duration')).toBe('8s');
    expect(cssVar(container, '--marquee-iterations')).toBe('3');
    rerender(
      <Marquee duration={0} loop={0}>
        {news}
      </Marquee>,
    );
    expect(cssVar(container, '--marquee-duration')).toBe('20s');
    expect(cssVar(container, '--marquee-iterations')).toBe('infinite');
  });

  it.each([
    ['left', 'orchard-marquee-x', 'normal'],
    ['right', 'orchard-marquee-x', 'reverse'],
    ['up', 'orchard-marquee-y', 'normal'],
    ['down', 'orchard-marquee-y', 'reverse'],
  ] as const)('moves %s', (direction, keyframes, animationDirection) => {
    const { container } = render(<Marquee direction={direction}>{news}</Marquee>);
    expect(cssVar(container, '--marquee-keyframes')).toBe(keyframes);
    expect(cssVar(container, '--marquee-direction')).toBe(animationDirection);
    expect(root(container).classList.contains('flex-col')).toBe(direction === 'up' || direction === 'down');
  });

  it('fills the width with enough copies for a seamless scroll', () => {
    const { container } = render(<Marquee>{news}</Marquee>);
    // 360 / 100 → 4 copies per strip, two strips.
    expect(copyCount(container)).toBe(8);
  });

  it('re-measures every 100 ms and adapts to content or width changes', () => {
    expect(MARQUEE_REMEASURE_MS).toBe(100);
    const { container } = render(<Marquee>{news}</Marquee>);
    expect(copyCount(container)).toBe(8);
    contentSize = 50; // e.g. a web font finished loading
    advance(99);
    expect(copyCount(container)).toBe(8);
    advance(1);
    expect(copyCount(container)).toBe(2 * 8);
    containerSize = 720; // e.g. the phone rotated
    advance(100);
    expect(copyCount(container)).toBe(2 * copiesToFill(720, 50));
    containerSize = 90;
    advance(100);
    expect(copyCount(container)).toBe(2 * 2);
  });

  it('measures the height for vertical marquees', () => {
    containerSize = 200;
    contentSize = 40;
    const { container } = render(<Marquee direction="up">{news}</Marquee>);
    expect(copyCount(container)).toBe(2 * 5);
  });

  it('re-measures at once when the content changes', () => {
    const { container, rerender } = render(<Marquee>{news}</Marquee>);
    contentSize = 400;
    rerender(
      <Marquee>
        <span>A much longer announcement</span>
      </Marquee>,
    );
    expect(copyCount(container)).toBe(2);
  });

  it('lets screen readers read the content once: every copy is aria-hidden and inert', () => {
    render(<Marquee>{news}</Marquee>);
    expect(screen.getAllByRole('link', { name: 'Spring promotion' })).toHaveLength(1);
    const all = screen.getAllByRole('link', { hidden: true });
    expect(all).toHaveLength(8);
    const hidden = all.filter((link) => link.closest('[aria-hidden="true"]'));
    expect(hidden).toHaveLength(7);
    for (const link of hidden) expect(link.closest('[inert]')).not.toBeNull();
  });

  it('is a named marquee region when given a label', () => {
    const { container, rerender } = render(<Marquee aria-label="Announcements">{news}</Marquee>);
    expect(screen.getByRole('marquee', { name: 'Announcements' })).toBe(root(container));
    rerender(<Marquee>{news}</Marquee>);
    expect(root(container).hasAttribute('role')).toBe(false);
  });

  it('stands still and scrolls by hand under prefers-reduced-motion', () => {
    const { container } = render(<Marquee gradient>{news}</Marquee>);
    expect(root(container).className).toContain('motion-reduce:overflow-x-auto');
    // Everything but the original copy disappears.
    const strips = container.querySelectorAll('[data-marquee-strip]');
    expect(strips[0]?.className).not.toContain('motion-reduce:hidden');
    expect(strips[1]?.className).toContain('motion-reduce:hidden');
    for (const copy of container.querySelectorAll('[data-marquee-clone]')) {
      expect(copy.className.includes('motion-reduce:hidden') || copy.parentElement?.className.includes('motion-reduce:hidden')).toBe(true);
    }
    for (const fade of container.querySelectorAll('[data-marquee-fade]')) expect(fade.className).toContain('motion-reduce:hidden');
    // The animation itself exists only for people who have not asked for less motion.
    const motionBlock = widgetsCss.slice(widgetsCss.indexOf('@media (prefers-reduced-motion: no-preference)'));
    expect(motionBlock).toContain('.orchard-marquee-strip {');
    expect(widgetsCss.slice(0, widgetsCss.indexOf('@media')).includes('.orchard-marquee-strip')).toBe(false);
  });

  it('animates with CSS only, no per-frame JavaScript', () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    const { container } = render(<Marquee>{news}</Marquee>);
    advance(2000);
    expect(raf).not.toHaveBeenCalled();
    expect(root(container).querySelector('.orchard-marquee-strip')).not.toBeNull();
    expect(widgetsCss).toMatch(/@keyframes orchard-marquee-x[\s\S]*translate3d\(-100%, 0, 0\)/);
    expect(widgetsCss).toMatch(/@keyframes orchard-marquee-y[\s\S]*translate3d\(0, -100%, 0\)/);
  });

  it('pauses on click when asked, toggling on each click', () => {
    const { container, rerender } = render(<Marquee pauseOnClick>{news}</Marquee>);
    fireEvent.click(root(container));
    expect(cssVar(container, '--marquee-play-state')).toBe('paused');
    fireEvent.click(root(container));
    expect(cssVar(container, '--marquee-play-state')).toBe('running');
    rerender(<Marquee>{news}</Marquee>);
    fireEvent.click(root(container));
    expect(cssVar(container, '--marquee-play-state')).toBe('running');
  });

  it('pauses from the keyboard too when pause on click is asked (Enter or Space)', () => {
    const { container } = render(<Marquee pauseOnClick>{news}</Marquee>);
    fireEvent.keyDown(root(container), { key: 'Enter' });
    expect(cssVar(container, '--marquee-play-state')).toBe('paused');
    fireEvent.keyDown(root(container), { key: ' ' });
    expect(cssVar(container, '--marquee-play-state')).toBe('running');
    fireEvent.keyDown(root(container), { key: 'a' });
    expect(cssVar(container, '--marquee-play-state')).toBe('running');
  });

  it('pauses on hover and focus when asked (CSS)', () => {
    const { container, rerender } = render(<Marquee pauseOnHover>{news}</Marquee>);
    expect(root(container).hasAttribute('data-pause-on-hover')).toBe(true);
    rerender(<Marquee>{news}</Marquee>);
    expect(root(container).hasAttribute('data-pause-on-hover')).toBe(false);
    expect(widgetsCss).toContain('.orchard-marquee[data-pause-on-hover]:hover .orchard-marquee-strip');
    expect(widgetsCss).toContain('.orchard-marquee[data-pause-on-hover]:focus-within .orchard-marquee-strip');
  });

  it('fades the edges with the surface colour by default', () => {
    const { container, rerender } = render(<Marquee>{news}</Marquee>);
    expect(container.querySelectorAll('[data-marquee-fade]')).toHaveLength(0);
    rerender(<Marquee gradient>{news}</Marquee>);
    const fades = container.querySelectorAll<HTMLElement>('[data-marquee-fade]');
    expect(fades).toHaveLength(2);
    for (const fade of fades) {
      expect(fade.getAttribute('aria-hidden')).toBe('true');
      expect(fade.style.width).toBe('48px');
      expect(fade.className).toContain('from-white');
      expect(fade.className).toContain('dark:from-gray-900');
    }
    expect(fades[0]?.className).toContain('bg-linear-to-r');
    expect(fades[1]?.className).toContain('bg-linear-to-l');
  });

  it('takes a gradient colour and width', () => {
    const { container } = render(
      <Marquee gradient gradientColor="rgb(1, 2, 3)" gradientWidth={80}>
        {news}
      </Marquee>,
    );
    const [start, end] = container.querySelectorAll<HTMLElement>('[data-marquee-fade]');
    expect(start?.style.width).toBe('80px');
    expect(start?.style.backgroundImage).toContain('linear-gradient(to right, rgb(1, 2, 3), transparent)');
    expect(end?.style.backgroundImage).toContain('linear-gradient(to left, rgb(1, 2, 3), transparent)');
    expect(start?.className).not.toContain('from-white');
  });

  it('fades top and bottom when vertical', () => {
    const { container } = render(
      <Marquee direction="down" gradient gradientWidth="2rem">
        {news}
      </Marquee>,
    );
    const [start, end] = container.querySelectorAll<HTMLElement>('[data-marquee-fade]');
    expect(start?.style.height).toBe('2rem');
    expect(start?.className).toContain('top-0');
    expect(end?.className).toContain('bottom-0');
  });

  it('reports completed loops and the end of a finite run, ignoring children animations', () => {
    const onCycleComplete = vi.fn();
    const onFinish = vi.fn();
    const { container } = render(
      <Marquee loop={2} onCycleComplete={onCycleComplete} onFinish={onFinish}>
        {news}
      </Marquee>,
    );
    const strip = container.querySelector('[data-marquee-strip]') as HTMLElement;
    fireEvent.animationIteration(strip);
    fireEvent.animationIteration(strip.querySelector('a') as HTMLElement);
    expect(onCycleComplete).toHaveBeenCalledTimes(1);
    fireEvent.animationEnd(strip.querySelector('a') as HTMLElement);
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.animationEnd(strip);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('stops measuring when unmounted', () => {
    const { unmount } = render(<Marquee>{news}</Marquee>);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('copiesToFill', () => {
  it('covers the container, one copy when unmeasured, capped', () => {
    expect(copiesToFill(360, 100)).toBe(4);
    expect(copiesToFill(360, 360)).toBe(1);
    expect(copiesToFill(360, 361)).toBe(1);
    expect(copiesToFill(0, 100)).toBe(1);
    expect(copiesToFill(360, 0)).toBe(1);
    expect(copiesToFill(10_000, 1)).toBe(32);
  });
});
