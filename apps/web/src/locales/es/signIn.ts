import type { Catalogue } from '../../lib/i18n';
import type { SignInMessages } from '../../features/accounts/sign-in-messages';

export const signIn: Catalogue<SignInMessages> = {
  signIn: {
    title: 'Iniciar sesión',
    lead: 'Te damos la bienvenida de nuevo. Inicia sesión con tu correo electrónico o número de teléfono.',
    submit: 'Iniciar sesión',
    sendLink: 'Enviarme un enlace por correo',
    passkey: 'Entrar con llave de acceso',
    passkeyCancelled: 'Se canceló el inicio de sesión con llave de acceso.',
    passkeyUnavailable: 'Este navegador no puede usar una llave de acceso aquí. Inicia sesión con tu contraseña.',
    or: 'o',
    forgot: '¿Olvidaste tu contraseña?',
    noAccount: '¿Eres nuevo?',
    register: 'Crear una cuenta',
  },
  field: {
    account: 'Correo o teléfono',
    password: 'Contraseña',
  },
  check: {
    accountRequired: 'Introduce tu correo electrónico o número de teléfono.',
    passwordRequired: 'Introduce tu contraseña.',
  },
};
