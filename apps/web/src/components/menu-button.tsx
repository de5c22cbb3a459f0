/**
 * Opens the side menu. A native button: IonMenuButton reads its aria-label before React sets
 * it (so it always announced the English "menu"), and the menu itself loads after the first
 * paint — the click mounts it if it is not there yet, then toggles it. Hidden by CSS while the
 * menu is a permanent split pane (>= 2400px, the same media query as the shell's split pane).
 */
import { menuOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { toggleSideMenu } from '../lib/side-menu-control';
import { Icon } from './icon';

export function MenuButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="menu-button" aria-label={t('menu.openMenu')} onClick={() => void toggleSideMenu()}>
      <Icon icon={menuOutline} />
    </button>
  );
}
