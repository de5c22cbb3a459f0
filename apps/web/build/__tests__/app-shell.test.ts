import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAppShell } from '../app-shell';

const webRoot = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(webRoot, file), 'utf8'));
const routes = read('src/app/routes.json');

describe('app-shell.json', () => {
  it('gives every route with a fixed title its Spanish title, and the demo note', () => {
    const shell = buildAppShell(routes, read('public/assets/i18n/es.json'));
    expect(shell.routes).toContainEqual({ path: '/home', title: 'Mapa de Residuos' });
    expect(shell.routes).toContainEqual({ path: '/home/:id', title: 'Mapa de Residuos' });
    expect(shell.routes.find((r) => r.path === '/admin')).toBeUndefined();
    expect(shell.demoNote).toMatch(/demostración/i);
  });

  it('names only keys that exist in English too', () => {
    expect(() => buildAppShell(routes, read('public/assets/i18n/en.json'))).not.toThrow();
  });

  it('fails the build on a title key without a translation', () => {
    const broken = { routes: [{ path: '/x', page: 'x', title: 'pages.nothing.title' }] };
    expect(() => buildAppShell(broken, read('public/assets/i18n/es.json'))).toThrow('pages.nothing.title');
  });
});
