/**
 * The side menu as data (spec §2, §3): entries `{ title, url, icon, lines }` chosen by the
 * current user's tc_id. `title` is an i18n key; the menu component translates it.
 */
import { TC_ID, userKindOf } from '@puntoverde/contract';
import type { UserKind } from '@puntoverde/contract';
import {
  businessOutline,
  mailOpenOutline,
  chatbubblesOutline,
  documentTextOutline,
  fileTrayFullOutline,
  homeOutline,
  informationCircleOutline,
  logInOutline,
  logOutOutline,
  mapOutline,
  megaphoneOutline,
  peopleOutline,
  personAddOutline,
  personCircleOutline,
  settingsOutline,
  trashBinOutline,
} from 'ionicons/icons';
import type { CurrentUser } from '../lib/session';
import { isStaff, LOGIN_PATH } from '../lib/session';

/** Ionic item separator styles. */
export type MenuLines = 'full' | 'inset' | 'none';

export type MenuTitleKey =
  | 'menu.home'
  | 'menu.map'
  | 'menu.campaigns'
  | 'menu.allies'
  | 'menu.about'
  | 'menu.help'
  | 'menu.login'
  | 'menu.signup'
  | 'menu.profile'
  | 'menu.requests'
  | 'menu.containers'
  | 'menu.branchOffices'
  | 'menu.reports'
  | 'menu.logout'
  | 'admin.menu'
  | 'design.menu.pqr'
  | 'design.menu.points'
  | 'design.menu.users';

export interface MenuEntry {
  title: MenuTitleKey;
  url: string;
  /** An ionicons SVG (data URL), decorative. */
  icon: string;
  lines: MenuLines;
  /** Set on 'Cerrar Sesión': the entry runs logout instead of navigating. */
  action?: 'logout';
}

export type MenuHeaderKey = 'menu.header' | 'admin.menu' | `userKind.${UserKind}`;

export interface Menu {
  headerKey: MenuHeaderKey;
  /** Shown to everybody, in this order. */
  pages: MenuEntry[];
  /** Logged out: log in / sign up. Logged in: the collapsible profile block's entries. */
  account: MenuEntry[];
  loggedIn: boolean;
}

const PAGES: readonly MenuEntry[] = [
  { title: 'menu.home', url: '/index', icon: homeOutline, lines: 'none' },
  { title: 'menu.map', url: '/home', icon: mapOutline, lines: 'none' },
  { title: 'menu.campaigns', url: '/campaign', icon: megaphoneOutline, lines: 'none' },
  { title: 'menu.allies', url: '/allies', icon: peopleOutline, lines: 'none' },
  { title: 'menu.about', url: '/contact', icon: informationCircleOutline, lines: 'none' },
  // The last always-shown entry draws the line that separates the account entries.
  { title: 'menu.help', url: '/help', icon: chatbubblesOutline, lines: 'full' },
];

const LOGGED_OUT_ACCOUNT: readonly MenuEntry[] = [
  { title: 'menu.login', url: LOGIN_PATH, icon: logInOutline, lines: 'none' },
  { title: 'menu.signup', url: '/auth/signup-client', icon: personAddOutline, lines: 'none' },
];

/** Menu header: 'Menú' logged out, 'Administración' for staff, else the user-type label key (spec §2). */
export function menuHeaderKey(
  user: (Pick<CurrentUser, 'tc_id' | 'id_empresa'> & { is_admin?: unknown }) | null,
): MenuHeaderKey {
  if (isStaff(user)) return 'admin.menu';
  const kind = user ? userKindOf(user) : null;
  return kind ? `userKind.${kind}` : 'menu.header';
}

/** Staff: their profile and the back office, none of the household entries (DESIGN.md §7). */
function staffAccount(user: CurrentUser): MenuEntry[] {
  return [
    { title: 'menu.profile', url: `/auth/profile/${user.id}`, icon: personCircleOutline, lines: 'none' },
    { title: 'admin.menu', url: '/admin', icon: settingsOutline, lines: 'none' },
    { title: 'design.menu.pqr', url: '/admin/pqr', icon: mailOpenOutline, lines: 'none' },
    { title: 'design.menu.points', url: '/admin/points', icon: trashBinOutline, lines: 'none' },
    { title: 'design.menu.users', url: '/admin/users', icon: peopleOutline, lines: 'none' },
    { title: 'menu.logout', url: LOGIN_PATH, icon: logOutOutline, lines: 'none', action: 'logout' },
  ];
}

function loggedInAccount(user: CurrentUser): MenuEntry[] {
  if (isStaff(user)) return staffAccount(user);
  const kind = userKindOf(user);
  const entries: MenuEntry[] = [
    { title: 'menu.profile', url: `/auth/profile/${user.id}`, icon: personCircleOutline, lines: 'none' },
    {
      title: 'menu.requests',
      url: user.tc_id === TC_ID.manager ? '/app/tabs/prequest' : '/app/tabs/request',
      icon: fileTrayFullOutline,
      lines: 'none',
    },
  ];
  if (kind === 'manager') {
    entries.push({ title: 'menu.containers', url: '/app/tabs/points', icon: trashBinOutline, lines: 'none' });
  }
  if (kind === 'company') {
    entries.push({
      title: 'menu.branchOffices',
      url: `/app/tabs/branch-offices/list/${user.id}`,
      icon: businessOutline,
      lines: 'none',
    });
  }
  entries.push(
    { title: 'menu.reports', url: '/app/tabs/reports', icon: documentTextOutline, lines: 'none' },
    { title: 'menu.logout', url: LOGIN_PATH, icon: logOutOutline, lines: 'none', action: 'logout' },
  );
  return entries;
}

/** Builds the menu for `user`; null or tc_id 0 is the logged-out menu. */
export function buildMenu(user: CurrentUser | null): Menu {
  const loggedIn = user !== null && userKindOf(user) !== null;
  return {
    headerKey: menuHeaderKey(loggedIn ? user : null),
    pages: PAGES.map((entry) => ({ ...entry })),
    account: loggedIn ? loggedInAccount(user) : LOGGED_OUT_ACCOUNT.map((entry) => ({ ...entry })),
    loggedIn,
  };
}
