/**
 * Text the staff write (FAQ, campaigns, the about page, the material dictionary's notes), stored
 * in Spanish only. It is marked lang="es" so that screen readers read it with a Spanish voice and
 * the browser hyphenates and translates it as Spanish; when the app speaks another language a
 * visible "(en español)" follows it (`mark`), so nobody takes it for an untranslated screen.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@puntoverde/contract';
import './spanish-content.css';

type Tag = 'span' | 'p' | 'div' | 'h2' | 'h3' | 'summary' | 'strong';

export interface SpanishContentProps {
  as?: Tag;
  className?: string;
  /** Show "(en español)" after the text in another language (once per piece of content). */
  mark?: boolean;
  id?: string;
  children: ReactNode;
}

export function SpanishContent({ as: Element = 'span', className, mark = false, id, children }: SpanishContentProps) {
  const { t, i18n } = useTranslation();
  const foreign = (i18n.resolvedLanguage ?? DEFAULT_LANGUAGE) !== DEFAULT_LANGUAGE;
  return (
    <Element lang="es" className={className} id={id}>
      {children}
      {foreign && mark ? (
        <>
          {' '}
          <small className="pv-lang-mark">{t('content.inSpanish')}</small>
        </>
      ) : null}
    </Element>
  );
}
