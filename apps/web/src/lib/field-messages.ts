/**
 * Field messages. The contract's schemas and the server write them in Spanish; other
 * languages look the text up by the contract message it came from (`identity.fieldErrors.*`,
 * `errors.*`).
 */
import { ERRORS, MESSAGES_ES } from '@puntoverde/contract';
import type { TFunction } from 'i18next';

/** Contract message → its key, for translating zod and server field messages. */
const FIELD_MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(MESSAGES_ES).map(([key, message]): [string, string] => [message, `identity.fieldErrors.${key}`]),
  ...Object.entries(ERRORS).map(([code, { message }]): [string, string] => [message, `errors.${code}`]),
]);

export function translateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = FIELD_MESSAGE_KEYS.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}
