import type { Catalogue } from '../../lib/i18n';
import type { UiMessages } from '../../components/ui/messages';

export const ui: Catalogue<UiMessages> = {
  form: {
    genericError: 'Algo salió mal. Inténtalo de nuevo.',
  },
  countdown: { days_one: '{{count}} d', days_other: '{{count}} d' },
  day: { today: 'Hoy', yesterday: 'Ayer' },
  list: { loadMore: 'Cargar más', loading: 'Cargando…', end: 'Eso es todo.' },
  filter: { search: 'Buscar', clear: 'Borrar' },
};
