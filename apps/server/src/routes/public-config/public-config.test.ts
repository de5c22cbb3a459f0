import { DEFAULT_BRANDING } from '@puntoverde/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('GET /back/api/v1/config', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('tells the web app that demo mode is off and which tiles the map uses', async () => {
    t = await buildTestApp({ demo: false, tileUrl: '/tiles/{z}/{x}/{y}.png' });
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { demo: false, tile_url: '/tiles/{z}/{x}/{y}.png', branding: DEFAULT_BRANDING } });
  });

  it('reports demo mode when the server runs with demo data', async () => {
    t = await buildTestApp({ demo: true });
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.demo).toBe(true);
  });

  it('answers without a login and has browsers check it again on each use (the brand can change)', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/back/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
