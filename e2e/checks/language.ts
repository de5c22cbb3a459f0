import type { Page } from '@playwright/test';

/**
 * One language at a time. In English no word of the Spanish list may show outside an element
 * marked lang="es" (staff content stored in Spanish, quoted Spanish terms); in Spanish no word of
 * the English list outside lang="en" (quoted references). Visible text counts, and the texts a
 * screen reader or the pointer reads (aria-label, placeholder, alt, title), less what a text quotes
 * of marked text shown on the page (a category's name in "Rename …"); code, e-mail and web
 * addresses are no words. The lists are the UI's most frequent words of each language that the
 * other language's texts never use (counted in apps/web/public/assets/i18n), less the ones data
 * (point names, addresses) may hold. Numbers written the other language's way fail too (a decimal
 * comma in English, a decimal point before kg, km or % in Spanish).
 */
export const SPANISH_WORDS = [
  'que', 'una', 'para', 'por', 'los', 'las', 'con', 'este', 'esta', 'tus', 'hay', 'sin', 'más', 'aún', 'todavía',
  'cuenta', 'correo', 'contraseña', 'sesión', 'solicitud', 'solicitudes', 'reporte', 'reportes', 'mapa',
  'ubicación', 'dirección', 'notificaciones', 'escribe', 'elige', 'encontramos', 'pudimos', 'inténtalo', 'revisa',
  'guardar', 'cargando', 'enviar', 'cancelar', 'cambiar', 'iniciar', 'perfil', 'página', 'fecha', 'hábiles',
  'campañas', 'aliados', 'materiales', 'buscar', 'ayuda', 'inicio', 'cerrar', 'está', 'días', 'recolección',
  'estado', 'código', 'respuesta', 'empresa', 'celular', 'contenedores', 'certificados', 'sucursales', 'enero',
  'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre',
  'diciembre', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo', 'hoy', 'ayer',
] as const;

export const ENGLISH_WORDS = [
  'the', 'and', 'your', 'you', 'not', 'for', 'this', 'with', 'that', 'account', 'password', 'request', 'requests',
  'report', 'reports', 'again', 'could', 'new', 'are', 'status', 'pickup', 'check', 'send', 'search', 'save',
  'cancel', 'loading', 'sign', 'yet', 'choose', 'write', 'already', 'find', 'days', 'company', 'notifications',
  'page', 'profile', 'campaigns', 'allies', 'materials', 'help', 'home', 'close', 'january', 'february', 'march',
  'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'monday', 'tuesday',
  'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'today', 'yesterday',
] as const;

export type Language = 'es' | 'en';

/** Texts on screen in the UI's language that hold a word of `words`, as "word: «text»" lines. */
export async function foreignWords(page: Page, language: Language, words: readonly string[]): Promise<string[]> {
  return page.evaluate(
    ({ language, words }) => {
      const pattern = new RegExp(`(?<![\\p{L}])(${words.join('|')})(?![\\p{L}])`, 'iu');
      // A number written the other language's way: "3,5" in English, "3.5 kg" in Spanish.
      const number = language === 'en' ? /\d,\d{1,2}(?!\d)/ : /\d\.\d{1,2}\s?(?:kg|km|%)/;
      const found = new Set<string>();
      /** In the UI's language: the nearest lang attribute names it (the document's does). */
      const inUiLanguage = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? language).startsWith(language);
      const shown = (el: Element) =>
        !el.closest('script, style, noscript, template, code, [hidden], [aria-hidden="true"], .ion-page-hidden') &&
        el.checkVisibility({ visibilityProperty: true });
      // Texts in the other language (content, names) that a label may quote: "Rename <category>".
      const quoted = [...document.body.querySelectorAll('[lang]')]
        .filter((el) => !inUiLanguage(el))
        .map((el) => (el.textContent ?? '').trim())
        .filter((text) => text.length > 2)
        .sort((a, b) => b.length - a.length);
      const unquoted = (text: string) => quoted.reduce((rest, q) => rest.split(q).join(' '), text);
      const check = (raw: string, where: string) => {
        // E-mail addresses and web addresses are not words of either language.
        const text = raw.replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
        const hit = pattern.exec(text) ?? number.exec(text);
        if (hit) found.add(`${hit[1] ?? hit[0]}: «${text.trim().replace(/\s+/g, ' ').slice(0, 90)}» (${where})`);
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const text = node.textContent ?? '';
        if (!el || text.trim().length < 2 || !inUiLanguage(el) || !shown(el)) continue;
        check(unquoted(text), el.tagName.toLowerCase());
      }
      for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
        if (!inUiLanguage(el) || el.closest('script, template, .ion-page-hidden')) continue;
        for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
          const value = unquoted(el.getAttribute(name) ?? '');
          if (value.trim()) check(value, `${el.tagName.toLowerCase()}[${name}]`);
        }
      }
      return [...found];
    },
    { language, words },
  );
}
