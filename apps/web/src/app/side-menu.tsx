/**
 * The side menu (spec §2): always-shown pages, then log in / sign up for visitors or a
 * collapsible profile block for logged-in users, and the language switch in the footer.
 * Inside IonSplitPane it stays open at >= 2400px; below that the menu button opens it.
 * Loaded after the first paint (app.tsx's DeferredSideMenu).
 */
import { IonContent, IonHeader, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { chevronDownOutline, chevronUpOutline, personCircleOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../components/app-link';
import { Icon } from '../components/icon';
import { LanguageSwitch } from '../components/language-switch';
import { isCurrentPath, withRefreshParam } from '../lib/navigation';
import { logout } from '../lib/session';
import { noteMenuChoice, registerSideMenu, restoreMenuOpenerFocus } from '../lib/side-menu-control';
import type { CurrentUser } from '../lib/session';
import { useIsLoggedIn, useSession } from '../lib/use-session';
import { useUnreadCount } from '../features/notifications/components/notification-bell';
import { buildMenu } from './menu';
import type { MenuEntry } from './menu';

function MenuItem({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  const { t } = useTranslation();
  const label = t(entry.title);
  const content = (
    <>
      <Icon icon={entry.icon} className="menu-link-icon" />
      <span>{label}</span>
    </>
  );
  return (
    <li className={`menu-item menu-item-lines-${entry.lines}`}>
      {entry.action === 'logout' ? (
        <button type="button" className="menu-link" onClick={() => void logout()}>
          {content}
        </button>
      ) : (
        <AppLink
          to={entry.url}
          direction="root"
          resolveOnClick={(url) => withRefreshParam(url)}
          className="menu-link"
          aria-current={isCurrentPath(pathname, entry.url) ? 'page' : undefined}
        >
          {content}
        </AppLink>
      )}
    </li>
  );
}

function ProfileBlock({ user, entries, pathname }: { user: CurrentUser; entries: MenuEntry[]; pathname: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  const unread = useUnreadCount();
  return (
    <section className="menu-profile">
      <button
        type="button"
        className="menu-profile-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon icon={personCircleOutline} className="menu-profile-avatar" />
        <span className="menu-profile-text">
          <span className="menu-profile-name">{user.name ?? t('menu.anonymousUser')}</span>
          {user.email ? <span className="menu-profile-email">{user.email}</span> : null}
          {unread > 0 ? (
            <span className="menu-profile-unread" data-testid="menu-unread">
              {t('notifications.menuUnread', { count: unread })}
              <span className="menu-unread-count" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            </span>
          ) : null}
          <span className="visually-hidden">{t('menu.accountToggleHint')}</span>
        </span>
        <Icon icon={open ? chevronUpOutline : chevronDownOutline} />
      </button>
      <ul id={listId} className="menu-list" hidden={!open} aria-label={t('menu.account')}>
        {entries.map((entry) => (
          <MenuItem key={entry.title} entry={entry} pathname={pathname} />
        ))}
      </ul>
    </section>
  );
}

export function SideMenu({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession();
  const loggedIn = useIsLoggedIn();
  const menu = buildMenu(loggedIn ? user : null);
  const titleId = useId();
  const menuRef = useRef<HTMLIonMenuElement>(null);

  // <ion-menu> is the navigation landmark, labelled "menu" in English by Ionic. While it
  // loads it moves aria-* off its host, so keep naming it after the visible header.
  useEffect(() => {
    const element = menuRef.current;
    if (!element) return undefined;
    const label = () => {
      if (element.getAttribute('aria-labelledby') !== titleId) element.setAttribute('aria-labelledby', titleId);
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(element, { attributes: true, attributeFilter: ['aria-labelledby'] });
    return () => observer.disconnect();
  }, [titleId]);

  // A choice (a page, log out) closes the overlay menu; in the split pane the menu is not
  // active and close() does nothing. One listener for every item: an IonMenuToggle per item was
  // a component of its own each, listening to every menu change, and most of the menu's mount.
  const closeOnChoice = (event: MouseEvent<HTMLElement>) => {
    if (!(event.target instanceof Element && event.target.closest('.menu-link'))) return;
    noteMenuChoice();
    void menuRef.current?.close();
  };

  // The menu button (on every page) opens this menu through lib/side-menu-control.
  useEffect(() => {
    registerSideMenu(menuRef.current);
    return () => registerSideMenu(null);
  }, []);

  return (
    <IonMenu
      ref={menuRef}
      contentId={contentId}
      type="overlay"
      className="side-menu"
      onIonDidClose={(event) => restoreMenuOpenerFocus(event.currentTarget as HTMLElement)}
    >
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>
            <h2 id={titleId} className="menu-title">
              {t(menu.headerKey)}
            </h2>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="menu-body" onClick={closeOnChoice}>
          <ul className="menu-list">
            {menu.pages.map((entry) => (
              <MenuItem key={entry.title} entry={entry} pathname={pathname} />
            ))}
          </ul>
          {menu.loggedIn ? (
            <ProfileBlock user={user} entries={menu.account} pathname={pathname} />
          ) : (
            <ul className="menu-list">
              {menu.account.map((entry) => (
                <MenuItem key={entry.title} entry={entry} pathname={pathname} />
              ))}
            </ul>
          )}
        </div>
      </IonContent>
      {/* Not an IonFooter: its contentinfo landmark would sit inside the menu's navigation landmark. */}
      <div className="menu-footer">
        <IonToolbar>
          <LanguageSwitch />
        </IonToolbar>
      </div>
    </IonMenu>
  );
}
