export { Marquee, type MarqueeProps } from './marquee';
export {
  MARQUEE_DEFAULT_DURATION_S,
  MARQUEE_DEFAULT_GRADIENT_WIDTH,
  MARQUEE_REMEASURE_MS,
  copiesToFill,
  type MarqueeDirection,
} from './marquee-logic';
