/**
 * Builds the first screens' number and date formats off the main thread, so that ICU's locale
 * data, cached for the whole renderer process, is loaded when the page first formats a date or
 * a number (lib/intl-format.ts's warmIntlFormats). Answers once, then is terminated.
 */
import { firstScreenFormats } from './intl-format';

const scope = self as unknown as { postMessage: (message: string) => void };

self.addEventListener('message', (event: MessageEvent<string>) => {
  const { locale, numbers, dates } = firstScreenFormats(event.data);
  const at = new Date();
  for (const options of numbers) new Intl.NumberFormat(locale, options).format(1.5);
  for (const options of dates) new Intl.DateTimeFormat(locale, options).format(at);
  new Intl.PluralRules(event.data).select(2);
  scope.postMessage('done');
});
