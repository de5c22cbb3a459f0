/**
 * Spanish texts of the form-field rules (sign-up, profile and the web forms). Plain values, apart
 * from the zod schemas that use them, so a page showing only a message does not load zod.
 */
import { PASSWORD_MAX_LENGTH } from './constants.js';

export const MESSAGES_ES = {
  required: 'Este campo es obligatorio.',
  passwordRequired: 'Escribe tu contraseña.',
  passwordTooLong: `La contraseña puede tener como máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
  documentType: 'Elige CC, CE o pasaporte.',
  documentNumber: 'Revisa el número de documento.',
  phone: 'Escribe un celular (10 dígitos, empieza por 3) o un fijo (60 + indicativo + 7 dígitos).',
  nit: 'El NIT no es válido: revisa el número y el dígito de verificación.',
  dataPolicy: 'Debes aceptar la política de tratamiento de datos personales.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  samePassword: 'La nueva contraseña debe ser distinta de la actual.',
  tooLong: 'Es demasiado largo.',
} as const;
