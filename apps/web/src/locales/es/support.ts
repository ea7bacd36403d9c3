import type { Catalogue } from '../../lib/i18n';
import type { SupportMessages } from '../../features/support/messages';

export const support: Catalogue<SupportMessages> = {
  list: {
    title: 'Soporte',
    lead: 'Pregúntanos lo que quieras sobre tu membresía, tu monedero o tu equipo. Respondemos aquí y te avisamos en tu bandeja.',
    mine: 'Tus consultas',
    emptyTitle: 'Aún no hay consultas',
    emptyBody: 'Cuando escribas al soporte, tu consulta y nuestras respuestas aparecerán aquí.',
    loadFailed: 'No se pudieron cargar tus consultas.',
    more: 'Ver anteriores',
    updated: 'Último cambio',
  },
  status: { open: 'Esperando al soporte', answered: 'Respondida', closed: 'Cerrada' },
  form: {
    title: 'Nueva consulta',
    subject: 'Asunto',
    subjectHint: 'Unas palabras, p. ej. «Recarga no acreditada».',
    body: 'Mensaje',
    bodyHint: 'Qué pasó y cualquier referencia o número de pedido. Nunca envíes tu contraseña.',
    submit: 'Enviar consulta',
    sent: 'Consulta enviada. Te responderemos aquí.',
  },
  thread: {
    title: 'Consulta',
    loadFailed: 'No se pudo cargar esta consulta.',
    you: 'Tú',
    support: 'Soporte',
    messages: 'Mensajes',
    reply: 'Tu respuesta',
    replyHint: 'El soporte la ve al momento.',
    reopenHint: 'Esta consulta está cerrada. Si escribes, se abre de nuevo.',
    send: 'Enviar',
    sent: 'Enviado.',
    close: 'Cerrar consulta',
    closed: 'Consulta cerrada. Escribe aquí de nuevo si nos necesitas.',
    closeFailed: 'No se pudo cerrar la consulta.',
    opened: 'Abierta',
  },
};
