import type { Catalogue } from '../../lib/i18n';
import type { ConsoleMessages } from '../../components/ui/console';

export const console: Catalogue<ConsoleMessages> = {
  table: {
    loading: 'Cargando…',
    loadFailed: 'No se pudo cargar esta lista.',
    retry: 'Reintentar',
    loadMore: 'Cargar más',
    previous: 'Anterior',
    next: 'Siguiente',
    pages: 'Páginas',
    range: '{{from}}–{{to}} de {{total}}',
    shown_one: '{{count}} visible',
    shown_other: '{{count}} visibles',
    sortBy: 'Ordenar por {{column}}',
  },
  frame: { menu: 'Menú', close: 'Cerrar el menú' },
};
