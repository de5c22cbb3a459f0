import { describe, expect, it } from 'vitest';
import { EMPTY_USER } from '../../lib/session';
import { branchUser, companyHeadUser, householdUser, managerUser, staffUser } from '../../test/fixtures';
import { translate } from '../../test/translate';
import { buildMenu } from '../menu';
import type { MenuEntry } from '../menu';

const asRows = (entries: MenuEntry[], language: 'es' | 'en' = 'es') =>
  entries.map((entry) => [translate(entry.title, language), entry.url]);

const ALWAYS_SHOWN = [
  ['Inicio', '/index'],
  ['Mapa de Residuos', '/home'],
  ['Campañas', '/campaign'],
  ['Aliados / Adheridos', '/allies'],
  ['Conócenos', '/contact'],
  ['Ayuda / PQR', '/help'],
];

describe('buildMenu', () => {
  it('gives visitors the six pages, then log in and sign up', () => {
    const menu = buildMenu(null);
    expect(menu.loggedIn).toBe(false);
    expect(asRows(menu.pages)).toEqual(ALWAYS_SHOWN);
    expect(asRows(menu.account)).toEqual([
      ['Iniciar Sesión', '/auth/login'],
      ['Registrarme', '/auth/signup-client'],
    ]);
  });

  it('treats the empty user (tc_id 0) as logged out', () => {
    expect(buildMenu(EMPTY_USER)).toEqual(buildMenu(null));
  });

  it('gives a point manager (tc_id 1) requests to the point and containers', () => {
    const menu = buildMenu(managerUser);
    expect(menu.loggedIn).toBe(true);
    expect(asRows(menu.pages)).toEqual(ALWAYS_SHOWN);
    expect(asRows(menu.account)).toEqual([
      ['Mi Perfil', '/auth/profile/7'],
      ['Mis Solicitudes', '/app/tabs/prequest'],
      ['Contenedores', '/app/tabs/points'],
      ['Reportes', '/app/tabs/reports'],
      ['Cerrar Sesión', '/auth/login'],
    ]);
  });

  it('gives a household (tc_id 2) its own requests and reports only', () => {
    expect(asRows(buildMenu(householdUser).account)).toEqual([
      ['Mi Perfil', '/auth/profile/8'],
      ['Mis Solicitudes', '/app/tabs/request'],
      ['Reportes', '/app/tabs/reports'],
      ['Cerrar Sesión', '/auth/login'],
    ]);
  });

  it('gives a company head (tc_id 3, no id_empresa) its branch offices', () => {
    expect(asRows(buildMenu(companyHeadUser).account)).toEqual([
      ['Mi Perfil', '/auth/profile/9'],
      ['Mis Solicitudes', '/app/tabs/request'],
      ['Sucursales', '/app/tabs/branch-offices/list/9'],
      ['Reportes', '/app/tabs/reports'],
      ['Cerrar Sesión', '/auth/login'],
    ]);
  });

  it('hides branch offices from a branch (tc_id 3 with id_empresa)', () => {
    expect(asRows(buildMenu(branchUser).account)).toEqual([
      ['Mi Perfil', '/auth/profile/10'],
      ['Mis Solicitudes', '/app/tabs/request'],
      ['Reportes', '/app/tabs/reports'],
      ['Cerrar Sesión', '/auth/login'],
    ]);
  });

  it('gives staff (is_admin) the back office instead of the household entries', () => {
    const menu = buildMenu(staffUser);
    expect(asRows(menu.pages)).toEqual(ALWAYS_SHOWN);
    expect(asRows(menu.account)).toEqual([
      ['Mi Perfil', '/auth/profile/11'],
      ['Administración', '/admin'],
      ['PQR recibidas', '/admin/pqr'],
      ['Puntos y contenedores', '/admin/points'],
      ['Usuarios', '/admin/users'],
      ['Cerrar Sesión', '/auth/login'],
    ]);
    expect(asRows(menu.account, 'en').map(([label]) => label)).toEqual([
      'My profile',
      'Administration',
      'Incoming PQRs',
      'Points and containers',
      'Users',
      'Log out',
    ]);
  });

  it('marks only the last entry as the logout action', () => {
    const actions = buildMenu(managerUser).account.map((entry) => entry.action ?? null);
    expect(actions).toEqual([null, null, null, null, 'logout']);
  });

  it('gives every entry an icon and a line style', () => {
    for (const entry of [...buildMenu(managerUser).pages, ...buildMenu(companyHeadUser).account]) {
      expect(entry.icon).toMatch(/^data:image\/svg\+xml/);
      expect(['full', 'inset', 'none']).toContain(entry.lines);
    }
    expect(buildMenu(null).pages.map((entry) => entry.lines)).toEqual(['none', 'none', 'none', 'none', 'none', 'full']);
  });

  it('has English labels for every entry', () => {
    expect(asRows(buildMenu(null).pages, 'en').map(([label]) => label)).toEqual([
      'Home',
      'Waste map',
      'Campaigns',
      'Allies / Members',
      'About us',
      'Help / PQR',
    ]);
    expect(asRows(buildMenu(null).account, 'en').map(([label]) => label)).toEqual(['Log in', 'Sign up']);
    expect(asRows(buildMenu(managerUser).account, 'en').map(([label]) => label)).toEqual([
      'My profile',
      'My requests',
      'Containers',
      'Reports',
      'Log out',
    ]);
    expect(translate('menu.branchOffices', 'en')).toBe('Branch offices');
  });
});
