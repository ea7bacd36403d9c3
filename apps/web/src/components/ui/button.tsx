// The button lives with the field markup in controls.tsx (one file on the first load).
export { Button, buttonClass } from './controls';
