import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link';

/**
 * The accessibility statement's link (MinTIC Resolución 1519 de 2020) at the end of Conócenos and
 * Ayuda / PQR: the spec fixes the side menu's entries, so the statement is not one of them.
 */
export function StatementLink() {
  const { t } = useTranslation();
  return (
    <p className="statement-link">
      <AppLink to="/accesibilidad">{t('pages.accessibility.title')}</AppLink>
    </p>
  );
}
