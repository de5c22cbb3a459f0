/**
 * A discreet note on every page while the server runs in demo mode. Drawn in the page's first
 * render from the config embedded in index.html, so it never pushes the page down later.
 */
import { useTranslation } from 'react-i18next';
import { embeddedPublicConfig } from '../lib/embedded-config';

export function DemoNote() {
  const { t } = useTranslation();
  if (!embeddedPublicConfig()?.demo) return null;
  return (
    <p className="pv-demo-note" role="note">
      {t('identity.demo.banner')}
    </p>
  );
}
