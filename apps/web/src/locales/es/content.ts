import type { Catalogue } from '../../lib/i18n';
import type { ContentMessages } from '../../features/content/messages';

export const content: Catalogue<ContentMessages> = {
  home: {
    news: 'Noticias',
    featured: 'Promoción',
    endsIn: 'Termina en',
    ended: 'Esta promoción terminó',
    details: 'Ver los detalles',
  },
  promotion: {
    title: 'Promociones',
    endsIn: 'Termina en',
    ended: 'Esta promoción terminó',
    endsOn: 'Hasta el {{date}}',
    seePlan: 'Ver el plan {{plan}}',
    coupon: 'Código de cupón',
    emptyTitle: 'No hay promociones activas',
    emptyBody: 'Las ofertas por tiempo limitado aparecen aquí cuando empiezan. Mientras tanto, los planes siempre están en /plan.',
    seePlans: 'Ver planes',
    failed: 'No pudimos cargar las promociones.',
  },
  help: {
    title: 'Ayuda',
    lead: 'Cómo funciona Orchard, en cuatro pasos.',
    recharge: 'Recarga tu billetera',
    rechargeBody:
      'Abre Recargar y elige un importe y un canal de pago. Paga indicando la referencia de la orden en el concepto; el dinero llega a tu billetera en cuanto se identifica el pago (los pagos con tarjeta, al instante).',
    buy: 'Compra un plan',
    buyBody:
      'Los planes son membresías con sus beneficios durante un tiempo determinado. Elige uno en Planes, añade un cupón si tienes uno y paga con tu billetera. Ves el precio antes de confirmar.',
    invite: 'Invita a tus amigos',
    inviteBody:
      'Comparte tu enlace o código de invitación desde Equipo. Cuando alguien de tu equipo compra un plan, recibes una comisión sobre lo que pagó, hasta tres niveles; pasa un periodo de espera antes de sumarse a tu saldo.',
    withdraw: 'Retira',
    withdrawBody:
      'Añade una cuenta bancaria, pide un importe en Retirar y confirma con tu contraseña. Antes de confirmar ves la tarifa y lo que recibirá tu banco; el operador hace el pago y tú ves la referencia.',
    more: '¿Más preguntas? Visita el centro de ayuda',
    contactSupport: 'Contactar con soporte',
  },
  helpCenter: {
    title: 'Centro de ayuda',
    search: 'Buscar en el centro de ayuda',
    searchPlaceholder: 'p. ej. tarifa de retiro',
    submit: 'Buscar',
    clear: 'Ver todo',
    category: 'Tema',
    any: 'Todos los temas',
    results_one: '{{count}} respuesta para “{{q}}”',
    results_other: '{{count}} respuestas para “{{q}}”',
    noResultsTitle: 'No se encontró ninguna respuesta',
    noResultsBody: 'Prueba con otras palabras o pregunta a soporte: los contactos están abajo.',
    emptyTitle: 'Aún no hay artículos',
    emptyBody: 'Aquí aparecerán las respuestas a las preguntas frecuentes. Mientras tanto, soporte te ayudará con gusto.',
    contact: 'Contactar con soporte',
    email: 'Correo',
    phone: 'Teléfono',
    hours: 'Horario',
    noContacts: 'Aquí se publicarán los contactos de soporte.',
    writeToUs: 'Escribir a soporte en la app',
    failed: 'No pudimos cargar el centro de ayuda.',
  },
  about: {
    title: 'Acerca de',
    terms: 'Términos de uso',
    privacy: 'Aviso de privacidad',
    about: 'Sobre el operador',
    updated: 'Última actualización: {{date}} · versión {{version}}',
    notPublished: 'Aún no se ha publicado.',
    failed: 'No pudimos cargar esta página.',
  },
};
