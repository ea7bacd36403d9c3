import { useSyncExternalStore, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { toast as sonner, Toaster } from 'sonner';
import type { ToastTone } from './toast-tone';

const isDark = () => document.documentElement.classList.contains('dark');
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** sonner's close-button placement, as its own custom properties: inside the top end corner. */
const CLOSE_BUTTON_INSIDE = {
  '--toast-close-button-start': 'auto',
  '--toast-close-button-end': '0.75rem',
  '--toast-close-button-transform': 'translateY(1rem)',
} as CSSProperties;

/** Follows the theme the page shows (the `dark` class on <html>), whatever decided it. */
function ThemedToaster() {
  const dark = useSyncExternalStore(subscribe, isDark);
  return (
    <Toaster
      theme={dark ? 'dark' : 'light'}
      position="top-center"
      richColors
      closeButton
      // Room at the end of each toast for its close button, which sits inside the toast's corner
      // (sonner's own puts it half outside, over whatever is behind).
      toastOptions={{ duration: 5000, style: { paddingInlineEnd: '2.75rem' } }}
      style={CLOSE_BUTTON_INSIDE}
      offset={{ top: 'max(1rem, env(safe-area-inset-top))' }}
      // On a phone, below the page's sticky top bar (3.5 rem): its back button stays in reach.
      mobileOffset={{ top: 'calc(env(safe-area-inset-top) + 4rem)' }}
    />
  );
}

let mounted = false;

/** One Toaster for the whole app, in its own root so no layout has to carry it. */
function mount() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.dataset.toaster = '';
  document.body.append(host);
  createRoot(host).render(<ThemedToaster />);
}

export function showToast(message: string, tone: ToastTone) {
  mount();
  // The Toaster subscribes on mount; a toast sent in the same tick would be missed.
  requestAnimationFrame(() => (tone === 'info' ? sonner(message) : sonner[tone](message)));
}
