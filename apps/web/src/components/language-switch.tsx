/** Two toggle buttons, one per language; the choice is saved (lib/i18n.ts). */
import { LANGUAGES } from '@puntoverde/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const labelId = useId();
  const active = currentLanguage();
  return (
    <div className="language-switch" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="language-switch-label">
        {t('language.label')}
      </span>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switch-option"
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}
