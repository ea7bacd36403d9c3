/** docs/product.md W3: the marquee's numbers, as fixed. */
export const MARQUEE_DEFAULT_DURATION_S = 20;
export const MARQUEE_REMEASURE_MS = 100;
/** Edge fade width when `gradient` is on; narrow enough for a 360 px phone. */
export const MARQUEE_DEFAULT_GRADIENT_WIDTH = 48;
/** Guards against thousands of copies when the content measures (almost) nothing. */
const MARQUEE_MAX_COPIES = 32;

export type MarqueeDirection = 'left' | 'right' | 'up' | 'down';

export function isVertical(direction: MarqueeDirection): boolean {
  return direction === 'up' || direction === 'down';
}

/**
 * Copies of the content per strip so one strip is at least as long as the container; two
 * strips then scroll end to end without a gap. Unmeasured (0) sizes give one copy.
 */
export function copiesToFill(containerSize: number, contentSize: number): number {
  if (!(contentSize > 0) || !(containerSize > 0)) return 1;
  return Math.min(MARQUEE_MAX_COPIES, Math.max(1, Math.ceil(containerSize / contentSize)));
}

/** `loop` 0 (or anything not a positive whole count) scrolls forever. */
export function iterationCount(loop: number): string {
  return Number.isFinite(loop) && loop >= 1 ? String(Math.floor(loop)) : 'infinite';
}

export function durationSeconds(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? duration : MARQUEE_DEFAULT_DURATION_S;
}

export function cssLength(value: number | string): string {
  return typeof value === 'number' ? `${value}px` : value;
}
