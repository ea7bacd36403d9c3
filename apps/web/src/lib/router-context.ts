import type { QueryClient } from '@tanstack/react-query';
import type { ThemeMode } from './theme';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** docs/product.md T2: this page shows in this mode whatever the preference. */
    forceTheme?: ThemeMode;
  }
}
