export { Countdown } from './countdown';
export { SimpleCountdown } from './simple-countdown';
