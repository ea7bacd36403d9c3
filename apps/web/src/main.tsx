import './styles.css';
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { reloadAfterChunkError } from './lib/chunk-reload';
import { I18nProvider } from './lib/i18n';
import { applyLanguage, initialLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';
import { reportClientError } from './lib/report-error';
import { createAppRouter } from './router';

// A module preload that fails (old chunk gone after a deploy): reload once (ORIGIN.md O-E4).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkError()) event.preventDefault();
});

function mount() {
  const container = document.getElementById('app');
  if (!container) throw new Error('The #app element is missing');
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  createRoot(container, {
    onUncaughtError: (error) => reportClientError('unhandled', error),
  }).render(
    <StrictMode>
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );
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
    // ORIGIN.md O-E5.
    console.error('Error while mounting app', error);
    reportClientError('mount', error);
  }
});
