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
    reference: 'Referencia para soporte: {{id}}',
    status: 'Error {{status}}',
    goHome: 'Ir al inicio',
    tryAgain: 'Reintentar',
  },
};
