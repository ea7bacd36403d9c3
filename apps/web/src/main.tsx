import './styles.css';
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { I18nProvider } from './lib/i18n';
import { applyLanguage, initialLanguage } from './lib/language';
import { LOADING_BAR } from './lib/loading-bar';
import { createQueryClient } from './lib/query-client';
import { reportClientError } from './lib/report-error';
import { createAppRouter } from './router';

// A module preload that fails (old chunk gone after a deploy): reload once (docs/product.md E4).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

function mount() {
  const container = document.getElementById('app');
  if (!container) throw new Error('The #app element is missing');
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  const root = createRoot(container, {
    onUncaughtError: (error) => reportClientError('unhandled', error),
  });
  const render = () =>
    // A transition: React renders the first page in slices, giving the main thread back between
    // them, instead of in one long task a phone's tap would wait behind.
    startTransition(() =>
      root.render(
        <StrictMode>
          <I18nProvider>
            <QueryClientProvider client={queryClient}>
              <RouterProvider router={router} />
            </QueryClientProvider>
          </I18nProvider>
        </StrictMode>,
      ),
    );
  // The first page's code and data before the first render (the page's shell names the one and
  // carries most of the other), so that render is the whole page at once. A first load slower
  // than the loading bar's throttle renders then, its bar showing as on any navigation; the
  // router goes on with the same load.
  const throttle = new Promise((resolve) => setTimeout(resolve, LOADING_BAR.throttleMs));
  void Promise.race([router.load().catch(() => undefined), throttle]).then(render);
}

// The service worker (vite.config.ts, VitePWA): registered after the page has loaded, so it never
// competes with the first paint; the built app only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

// Another language than English: its bundle first, so the first paint is already in it.
const language = initialLanguage();
void (language === 'en' ? Promise.resolve() : applyLanguage(language)).then(() => {
  try {
    mount();
  } catch (error) {
    // docs/product.md E5.
    console.error('Error while mounting app', error);
    reportClientError('mount', error);
  }
});
