import type { Catalogue } from '../../lib/i18n';
import type { UiMessages } from '../../components/ui/messages';

export const ui: Catalogue<UiMessages> = {
  form: {
    genericError: 'Algo salió mal. Inténtalo de nuevo.',
  },
  countdown: {
    units: { days: 'Días', hours: 'Horas', minutes: 'Minutos', seconds: 'Segundos' },
    days_one: '{{count}} d',
    days_other: '{{count}} d',
  },
  notice: {
    newVersion: 'Hay una nueva versión disponible',
    reload: 'Actualizar',
    stillTrying: 'Se cortó la conexión. Seguimos intentándolo; solo se procesará una vez.',
    maintenance: 'Mantenimiento: el dinero no puede moverse durante unos minutos (recargas, compras, retiros). Todo lo demás funciona.',
  },
  copy: {
    copy: 'Copiar',
    label: 'Copiar {{label}}',
    copied: 'Se copió {{label}}',
    failed: 'No se pudo copiar. Selecciona el texto y cópialo a mano.',
  },
  day: { today: 'Hoy', yesterday: 'Ayer' },
  languages: {
    untranslated: 'Sin traducir: se muestra en inglés',
    untranslatedHint: 'Solo lo ven los usuarios de la consola. Los miembros que leen este idioma ven el texto en inglés.',
    tabs: 'Idioma de los textos',
    column: 'Idiomas',
    missing: 'falta',
    missingIn: 'Falta: {{languages}}',
    complete: 'Todos los idiomas',
    fallback: 'Si un campo queda vacío, los miembros ven el texto en inglés.',
  },
  list: { loadMore: 'Cargar más', loading: 'Cargando…', end: 'Eso es todo.' },
  filter: { search: 'Buscar', clear: 'Borrar' },
  /** The help centre's topics, for members and the console alike. */
  helpTopics: {
    getting_started: 'Primeros pasos',
    wallet: 'Billetera y recargas',
    plans: 'Planes y cupones',
    team: 'Equipo y comisiones',
    withdrawals: 'Retiros',
    account: 'Tu cuenta',
  },
  money: {
    states: {
      completed: 'Hecho',
      refunded: 'Reembolsado',
      pending: 'Pendiente',
      review: 'En revisión',
      available: 'Disponible',
      reversed: 'Revertida',
      requested: 'Solicitado',
      processing: 'En proceso',
      paid: 'Pagado',
      returned: 'Devuelto',
    },
    orderStates: {
      awaiting_payment: 'Pendiente de pago',
      submitted: 'Enviada',
      credited: 'Acreditada',
      rejected: 'Rechazada',
      expired: 'Caducada',
      cancelled: 'Cancelada',
    },
    accounts: {
      available: 'Disponible',
      on_hold: 'Retenido',
      commission_pending: 'Comisiones pendientes',
      debt: 'Adeudado',
    },
  },
  stepUp: {
    title: 'Confirma que eres tú',
    lead: 'Las acciones con dinero piden de nuevo tu segundo factor pasados cinco minutos. Introduce un código de tu app de autenticación o un código de recuperación.',
    code: 'Código',
    confirm: 'Confirmar y continuar',
    passkey: 'Usar una llave de acceso',
    back: 'Volver',
  },
};
