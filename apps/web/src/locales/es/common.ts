import type { Catalogue } from '../../lib/i18n';
import type { CommonMessages } from '../common';

export const common: Catalogue<CommonMessages> = {
  app: {
    tagline: 'Membresías, billetera e invitaciones en un solo lugar.',
    skipToContent: 'Saltar al contenido',
    back: 'Atrás',
    loading: 'Cargando…',
    earnings: 'Lo que ganan de verdad los miembros: las cifras de nuestros libros',
  },
  nav: {
    main: 'Principal',
    home: 'Inicio',
    plans: 'Planes',
    team: 'Equipo',
    profile: 'Perfil',
    signIn: 'Iniciar sesión',
    help: 'Ayuda',
    helpAndSupport: 'Ayuda y soporte',
    inbox: 'Bandeja',
    inboxUnread: 'Bandeja, {{count}} sin leer',
    about: 'Acerca de',
    console: 'Consola del operador',
  },
  language: {
    label: 'Idioma',
  },
  theme: {
    label: 'Tema',
    light: 'Claro',
    dark: 'Oscuro',
    system: 'Sistema',
  },
  error: {
    notFoundTitle: 'Página no encontrada',
    serverTitle: 'Error interno del servidor',
    requestTitle: 'Algo salió mal',
    notFoundHint: 'Puede que la página se haya movido o que el enlace esté mal escrito.',
    otherHint: 'Algo salió mal por nuestra parte. Inténtalo de nuevo en un momento.',
    status: 'Error {{status}}',
    goHome: 'Ir al inicio',
    tryAgain: 'Reintentar',
  },
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
};
