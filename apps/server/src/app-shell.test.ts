import { describe, expect, it } from 'vitest';
import {
  embedBootScreen,
  embedPreloads,
  embedTitle,
  matchesRoute,
  renderBootScreen,
  renderPreloads,
  shellRoute,
  shellTitle,
  ZAppShell,
  type AppShell,
} from './app-shell.js';

const shell: AppShell = {
  appName: 'PuntoVerde',
  demoNote: 'Versión de demostración',
  routes: [
    { path: '/index', title: 'Inicio' },
    { path: '/home', title: 'Mapa de Residuos' },
    { path: '/home/:id', title: 'Mapa de Residuos' },
    { path: '/map/:id', title: 'Punto de residuos' },
    { path: '/admin/:section', preload: ['assets/admin.page-1.js'] },
    { path: '/admin/pqr', title: 'PQR · Administración', preload: ['assets/admin-pqr.page-2.js', 'assets/pqr-3.css'] },
  ],
};

describe('the boot screen of each page', () => {
  it('matches route patterns segment by segment', () => {
    expect(matchesRoute('/home/:id', '/home/42')).toBe(true);
    expect(matchesRoute('/home/:id', '/home')).toBe(false);
    expect(matchesRoute('/home/:id', '/home/')).toBe(false);
    expect(matchesRoute('/home/:id', '/home/42/x')).toBe(false);
    expect(matchesRoute('/map/:id', '/mapa/1')).toBe(false);
  });

  it("uses the page's title, the root's for /, and the app's name elsewhere", () => {
    expect(shellTitle(shell, '/home')).toBe('Mapa de Residuos');
    expect(shellTitle(shell, '/home/')).toBe('Mapa de Residuos');
    expect(shellTitle(shell, '/home/7')).toBe('Mapa de Residuos');
    expect(shellTitle(shell, '/')).toBe('Inicio');
    expect(shellTitle(shell, '/admin/users')).toBe('PuntoVerde');
    expect(shellTitle(shell, '/campaign')).toBe('PuntoVerde');
  });

  it('picks the route the router picks: the most fixed segments first', () => {
    expect(shellRoute(shell, '/admin/pqr')?.path).toBe('/admin/pqr');
    expect(shellTitle(shell, '/admin/pqr')).toBe('PQR · Administración');
    expect(shellRoute(shell, '/admin/users')?.path).toBe('/admin/:section');
    expect(shellRoute(shell, '/nowhere')).toBeUndefined();
  });

  it('adds the demo note only in demo mode, and escapes every text', () => {
    expect(renderBootScreen(shell, 'Mapa', false)).toBe('<div class="boot-bar">Mapa</div>');
    expect(renderBootScreen(shell, 'Mapa', true)).toBe(
      '<div class="boot-bar">Mapa</div><div class="page-body"><p class="pv-demo-note">Versión de demostración</p></div>',
    );
    const hostile = { ...shell, demoNote: '<img src=x onerror=alert(1)>' };
    expect(renderBootScreen(hostile, '"Tom & Jerry\'s" <b>', true)).toBe(
      '<div class="boot-bar">&#34;Tom &#38; Jerry&#39;s&#34; &#60;b&#62;</div><div class="page-body"><p class="pv-demo-note">&#60;img src=x onerror=alert(1)&#62;</p></div>',
    );
  });

  it("lists a page's own chunks and stylesheets for the boot loader to fetch with the app", () => {
    expect(renderPreloads(shellRoute(shell, '/admin/pqr'))).toBe(
      '<script type="application/json" class="pv-preloads">["/assets/admin-pqr.page-2.js","/assets/pqr-3.css"]</script>',
    );
    expect(renderPreloads(shellRoute(shell, '/home'))).toBe('');
    expect(renderPreloads(undefined)).toBe('');
    const head = '<head><!--preload--><!--/preload--></head>';
    expect(embedPreloads(head, '<link>$&')).toBe('<head><!--preload--><link>$&<!--/preload--></head>');
    expect(embedPreloads('<head></head>', '<link>')).toBe('<head></head>');
  });

  it('accepts only built asset names as preloads', () => {
    const withPreload = (preload: string[]) => ({ ...shell, routes: [{ path: '/x', preload }] });
    expect(
      ZAppShell.safeParse(withPreload(['assets/home.page-Bq0z_DJ-bf.js', 'assets/points-BpFRLY8Z.css'])).success,
    ).toBe(true);
    for (const bad of [
      'https://evil.example/x.js',
      '/assets/x.js',
      'assets/../x.js',
      'assets/x.js"><script>',
      'assets/sub/x.js',
      'assets/x.html',
    ]) {
      expect(ZAppShell.safeParse(withPreload([bad])).success, bad).toBe(false);
    }
  });

  it('writes between the boot markers only', () => {
    const html =
      '<div id="boot"><!--boot--><div class="boot-bar">PuntoVerde</div><!--/boot--></div><div id="root"></div>';
    expect(embedBootScreen(html, 'X$&')).toBe('<div id="boot"><!--boot-->X$&<!--/boot--></div><div id="root"></div>');
    expect(embedBootScreen('<p>no markers</p>', 'X')).toBe('<p>no markers</p>');
  });

  it("names the page in the document's title, escaped, and keeps the app's name without one", () => {
    const html = '<head><meta charset="utf-8"><title>PuntoVerde</title></head><body></body>';
    expect(embedTitle(html, shell, shellTitle(shell, '/home'))).toContain(
      '<title>Mapa de Residuos · PuntoVerde</title>',
    );
    expect(embedTitle(html, shell, shellTitle(shell, '/admin/users'))).toContain('<title>PuntoVerde</title>');
    expect(embedTitle(html, shell, 'A <b> & $&')).toContain('<title>A &#60;b&#62; &#38; $&#38; · PuntoVerde</title>');
  });
});
