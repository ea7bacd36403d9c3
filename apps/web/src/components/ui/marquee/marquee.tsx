import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import '../widgets.css';
import {
  MARQUEE_DEFAULT_DURATION_S,
  MARQUEE_DEFAULT_GRADIENT_WIDTH,
  MARQUEE_REMEASURE_MS,
  copiesToFill,
  cssLength,
  durationSeconds,
  isVertical,
  iterationCount,
  type MarqueeDirection,
} from './marquee-logic';

export interface MarqueeProps {
  children: ReactNode;
  /** Where the content moves to; `left` by default. `up`/`down` need a height on the marquee. */
  direction?: MarqueeDirection;
  /** Seconds per loop (one strip's length); 20 by default (docs/product.md W3). */
  duration?: number;
  /** Loops to run, then stop; 0 (default) = forever. */
  loop?: number;
  /** Pause while hovered or while focus is inside (keyboard users reading a link). */
  pauseOnHover?: boolean;
  /** Each click toggles pause / play. */
  pauseOnClick?: boolean;
  /** Fade the edges. */
  gradient?: boolean;
  /** Fade colour (any CSS colour); the surface colour, white or gray-900 in dark, by default. */
  gradientColor?: string;
  /** Fade width, px or any CSS length; 48 px by default. */
  gradientWidth?: number | string;
  /** Gives the marquee role="marquee" with this accessible name (translated by the caller). */
  'aria-label'?: string;
  className?: string;
  /** After each completed loop. */
  onCycleComplete?: () => void;
  /** After the last of `loop` loops (never when looping forever). */
  onFinish?: () => void;
}

type MarqueeStyle = CSSProperties & Record<`--marquee-${string}`, string>;

const FADE_CLASSES: Record<'start' | 'end', Record<'horizontal' | 'vertical', string>> = {
  start: {
    horizontal: 'inset-y-0 left-0 bg-linear-to-r',
    vertical: 'inset-x-0 top-0 bg-linear-to-b',
  },
  end: {
    horizontal: 'inset-y-0 right-0 bg-linear-to-l',
    vertical: 'inset-x-0 bottom-0 bg-linear-to-t',
  },
};
const FADE_DIRECTION: Record<'start' | 'end', Record<'horizontal' | 'vertical', string>> = {
  start: { horizontal: 'to right', vertical: 'to bottom' },
  end: { horizontal: 'to left', vertical: 'to top' },
};

/**
 * How many copies of the content fill the container: measured after each change of the content
 * (after the commit, not inside it: measuring there forces the whole page's first layout into the
 * task that renders it; the strip shows one copy for at most a frame, which the scroll has not yet
 * moved), and every 100 ms for width changes (rotation, fonts loading, a parent resizing).
 */
function useCopiesToFill(vertical: boolean, children: ReactNode) {
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [copies, setCopies] = useState(1);
  const measure = useCallback(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content) return;
    const containerBox = container.getBoundingClientRect();
    const contentBox = content.getBoundingClientRect();
    const next = vertical ? copiesToFill(containerBox.height, contentBox.height) : copiesToFill(containerBox.width, contentBox.width);
    setCopies(next); // same value → React skips the render
  }, [vertical]);

  useEffect(measure, [measure, children]);
  useEffect(() => {
    const id = setInterval(() => {
      if (typeof document === 'undefined' || !document.hidden) measure();
    }, MARQUEE_REMEASURE_MS);
    return () => clearInterval(id);
  }, [measure]);
  return { containerRef, contentRef, copies };
}

/** A key handler that runs `action` on Enter or Space, as a click would. */
function onEnterOrSpace(action: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  };
}

/** The CSS animation's settings, as custom properties the stylesheet reads (widgets.css). */
function animationStyle(direction: MarqueeDirection, duration: number, loop: number, paused: boolean): MarqueeStyle {
  return {
    '--marquee-keyframes': isVertical(direction) ? 'orchard-marquee-y' : 'orchard-marquee-x',
    '--marquee-duration': `${durationSeconds(duration)}s`,
    '--marquee-iterations': iterationCount(loop),
    '--marquee-direction': direction === 'right' || direction === 'down' ? 'reverse' : 'normal',
    '--marquee-play-state': paused ? 'paused' : 'running',
  };
}

/** One edge's fade: the surface colour (or `color`) to transparent, `width` deep. */
function Fade({ edge, vertical, color, width }: { edge: 'start' | 'end'; vertical: boolean; color?: string; width: number | string }) {
  const axis = vertical ? 'vertical' : 'horizontal';
  return (
    <div
      aria-hidden="true"
      data-marquee-fade={edge}
      className={`pointer-events-none absolute z-10 motion-reduce:hidden ${FADE_CLASSES[edge][axis]} ${
        color ? '' : 'from-white to-transparent dark:from-gray-900'
      }`}
      style={{
        [vertical ? 'height' : 'width']: cssLength(width),
        ...(color ? { backgroundImage: `linear-gradient(${FADE_DIRECTION[edge][axis]}, ${color}, transparent)` } : {}),
      }}
    />
  );
}

/**
 * Scrolling content (docs/product.md W3), moved by a CSS animation only. Two identical strips, each
 * holding enough copies of the content to cover the container, translate by their own length
 * so the second takes over where the first began: seamless. Sizes are re-measured every 100 ms
 * so a change of content or width is picked up. Screen readers get the content once (every
 * copy is aria-hidden and inert); under prefers-reduced-motion the content stands still and
 * can be scrolled by hand.
 */
export function Marquee({
  children,
  direction = 'left',
  duration = MARQUEE_DEFAULT_DURATION_S,
  loop = 0,
  pauseOnHover = false,
  pauseOnClick = false,
  gradient = false,
  gradientColor,
  gradientWidth = MARQUEE_DEFAULT_GRADIENT_WIDTH,
  'aria-label': ariaLabel,
  className = '',
  onCycleComplete,
  onFinish,
}: MarqueeProps) {
  const vertical = isVertical(direction);
  const { containerRef, contentRef, copies } = useCopiesToFill(vertical, children);
  const [isClickPaused, setClickPaused] = useState(false);

  const togglePause = () => setClickPaused((paused) => !paused);
  const style = animationStyle(direction, duration, loop, isClickPaused);

  const copyClass = vertical ? 'flex shrink-0 flex-col' : 'flex shrink-0 items-center';
  const stripClass = `orchard-marquee-strip flex shrink-0 ${vertical ? 'min-h-full flex-col' : 'min-w-full'}`;
  const clone = (key: number) => (
    <div key={key} className={`${copyClass} motion-reduce:hidden`} aria-hidden="true" inert data-marquee-clone="">
      {children}
    </div>
  );

  return (
    <div
      ref={containerRef}
      role={ariaLabel ? 'marquee' : undefined}
      aria-label={ariaLabel}
      // Focusable: under reduced motion the content is scrolled by hand (keyboard too), and with
      // pauseOnHover focus pauses it so a keyboard user can read it.
      tabIndex={0}
      data-direction={direction}
      data-pause-on-hover={pauseOnHover ? '' : undefined}
      data-paused={isClickPaused ? '' : undefined}
      onClick={pauseOnClick ? togglePause : undefined}
      // A keyboard user pauses it the way a click does.
      onKeyDown={pauseOnClick ? onEnterOrSpace(togglePause) : undefined}
      style={style}
      className={`orchard-marquee relative flex overflow-hidden bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100 ${
        vertical ? 'flex-col motion-reduce:overflow-y-auto' : 'flex-row motion-reduce:overflow-x-auto'
      } ${className}`}
    >
      {gradient ? <Fade edge="start" vertical={vertical} color={gradientColor} width={gradientWidth} /> : null}
      <div
        className={stripClass}
        data-marquee-strip=""
        // Only the strip's own animation: a child's animations bubble through here too.
        onAnimationIteration={(event) => {
          if (event.target === event.currentTarget) onCycleComplete?.();
        }}
        onAnimationEnd={(event) => {
          if (event.target === event.currentTarget) onFinish?.();
        }}
      >
        <div ref={contentRef} className={copyClass}>
          {children}
        </div>
        {Array.from({ length: copies - 1 }, (_, index) => clone(index))}
      </div>
      <div className={`${stripClass} motion-reduce:hidden`} data-marquee-strip="" aria-hidden="true" inert>
        {Array.from({ length: copies }, (_, index) => (
          <div key={index} className={copyClass} data-marquee-clone="">
            {children}
          </div>
        ))}
      </div>
      {gradient ? <Fade edge="end" vertical={vertical} color={gradientColor} width={gradientWidth} /> : null}
    </div>
  );
}
