export { Marquee } from './marquee';
