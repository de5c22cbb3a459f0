import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

describe('geocoding (address ↔ pin)', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    auth = await loginAs(t.app, await createUser(t.app));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = auth) => t.app.inject({ method: 'GET', url, headers });

  it('locates a typed address on the map', async () => {
    const res = await get(`/back/api/v1/geocoding/search?q=${encodeURIComponent('Cra 72 # 49-10, Medellín')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hits[0]).toMatchObject({
      address: 'Carrera 72 # 49-10',
      city: 'Medellín',
      precision: 'address',
    });
  });

  it('answers a pin with an address, not coordinates', async () => {
    const res = await get('/back/api/v1/geocoding/reverse?lat=6.2568&lng=-75.5902');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Medellín',
      place: 'Estadio',
      address: expect.stringMatching(/^(Calle|Carrera) \d+ # \d+-\d+$/),
    });
  });

  it('is for signed-in users', async () => {
    expect((await get('/back/api/v1/geocoding/reverse?lat=6.25&lng=-75.59', {})).statusCode).toBe(401);
  });

  it('refuses bad input with a Spanish message and the field', async () => {
    const short = await get('/back/api/v1/geocoding/search?q=ca');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation-failed' });
    expect(JSON.stringify(short.json())).toContain('al menos 3');
    const bad = await get('/back/api/v1/geocoding/reverse?lat=abc&lng=-75.59');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('lat');
    expect((await get('/back/api/v1/geocoding/reverse?lat=95&lng=-75.59')).statusCode).toBe(400);
  });
});
