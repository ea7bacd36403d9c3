import type { Catalogue } from '../../lib/i18n';
import type { AdminSupportMessages } from '../../features/admin-support/messages';

export const adminSupport: Catalogue<AdminSupportMessages> = {
  nav: {
    support: 'Soporte',
    waiting_one: ', {{count}} espera respuesta',
    waiting_other: ', {{count}} esperan respuesta',
  },
  queue: {
    title: 'Soporte',
    intro: 'Las consultas de los miembros. Primero las que esperan, la que más lleva esperando arriba. El miembro ve «Soporte», nunca tu nombre.',
    show: 'Mostrar',
    views: { open: 'Esperando al soporte', answered: 'Respondidas', closed: 'Cerradas', all: 'Todas' },
    caption: 'Consultas al soporte',
    subject: 'Asunto',
    member: 'Miembro',
    status: 'Estado',
    changed: 'Último cambio',
    emptyTitle: 'Nada en espera',
    emptyBody: 'Cuando un miembro escribe al soporte, su consulta espera aquí.',
  },
  status: { open: 'En espera', answered: 'Respondida', closed: 'Cerrada' },
  ticket: {
    back: 'Volver a la cola',
    loadFailed: 'No se pudo cargar esta consulta.',
    from: 'De {{member}}, abierta {{when}}',
    member: 'Miembro',
    support: 'Soporte',
    messages: 'Mensajes',
    reply: 'Responder como Soporte',
    replyHint: 'El miembro la lee al iniciar sesión y se le avisa en su bandeja (y por correo, si lo permite).',
    send: 'Enviar respuesta',
    sent: 'Respuesta enviada: se avisa al miembro.',
    closedHint: 'Cerrada: solo el miembro puede abrirla de nuevo, escribiendo.',
    close: 'Cerrar consulta',
    closed: 'Consulta cerrada.',
    closeFailed: 'No se pudo cerrar la consulta.',
  },
};
