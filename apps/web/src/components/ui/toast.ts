/**
 * Short confirmations that outlive a page change ("Payment sent for review", "Name saved").
 * sonner and its Toaster load with the first toast, never with a page: `toast()` imports them
 * and mounts the one Toaster of the app on first use (toaster.tsx).
 */
import type { ToastTone } from './toast-tone';

export type { ToastTone };

export function toast(message: string, tone: ToastTone = 'success'): void {
  void import('./toaster').then(({ showToast }) => showToast(message, tone));
}

/** Warms the toaster's code, e.g. while a form is open whose success will toast. */
export function preloadToaster(): void {
  void import('./toaster');
}
