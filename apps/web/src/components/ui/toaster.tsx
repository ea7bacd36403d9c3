import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { toast as sonner, Toaster } from 'sonner';
import type { ToastTone } from './toast-tone';

const isDark = () => document.documentElement.classList.contains('dark');
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Follows the theme the page shows (the `dark` class on <html>), whatever decided it. */
function ThemedToaster() {
  const dark = useSyncExternalStore(subscribe, isDark);
  return (
    <Toaster
      theme={dark ? 'dark' : 'light'}
      position="top-center"
      richColors
      closeButton
      toastOptions={{ duration: 5000 }}
      offset={{ top: 'max(1rem, env(safe-area-inset-top))' }}
      mobileOffset={{ top: 'max(0.75rem, env(safe-area-inset-top))' }}
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
