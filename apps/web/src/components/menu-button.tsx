/**
 * Opens the side menu. IonMenuToggle does the toggling and hides the button while the menu is
 * a permanent split pane. A native button instead of IonMenuButton because IonMenuButton reads
 * its aria-label only before React sets it, so it always announced the English "menu".
 */
import { IonMenuToggle } from '@ionic/react';
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';

export function MenuButton() {
  const { t } = useTranslation();
  return (
    <IonMenuToggle>
      <button type="button" className="menu-button" aria-label={t('menu.openMenu')}>
        <Icon icon={menuOutline} />
      </button>
    </IonMenuToggle>
  );
}
