/**
 * Field messages. The contract's schemas and the server write them in Spanish; other
 * languages look the text up by the contract message it came from: the identity messages and
 * error codes by key (`identity.fieldErrors.*`, `errors.*`), every other schema message in
 * `contractMessages`, a table keyed by the Spanish text itself (gettext style, so a schema keeps
 * its message inline; __tests__/contract-messages.test.ts fails when one has no entry).
 */
import { DEFAULT_LANGUAGE, ERRORS, MESSAGES_ES } from '@puntoverde/contract';
import i18next, { type TFunction } from 'i18next';

/** Contract message → its key, for translating zod and server field messages. */
const FIELD_MESSAGE_KEYS = new Map<string, string>([
  ...Object.entries(MESSAGES_ES).map(([key, message]): [string, string] => [message, `identity.fieldErrors.${key}`]),
  ...Object.entries(ERRORS).map(([code, { message }]): [string, string] => [message, `errors.${code}`]),
]);

/**
 * `contractMessages` of a language: Spanish text → translation. Read raw, not through `t`: its
 * keys hold `.` and `:`, which `t` would take for key and namespace separators.
 */
function contractMessageTable(language: string): Readonly<Record<string, string>> {
  const table: unknown = i18next.getResource(language, 'translation', 'contractMessages');
  return typeof table === 'object' && table !== null ? (table as Record<string, string>) : {};
}

export function translateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = FIELD_MESSAGE_KEYS.get(message);
  if (key) return t(key, { defaultValue: message });
  const language = i18next.resolvedLanguage ?? DEFAULT_LANGUAGE;
  if (language === DEFAULT_LANGUAGE) return message;
  const translated = contractMessageTable(language)[message];
  return typeof translated === 'string' ? translated : message;
}
