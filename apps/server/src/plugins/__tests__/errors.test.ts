import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import type { DatabaseHandle } from '../../db/dialect.js';

describe('error handling', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/back/api/v1/__echo',
      { schema: { body: z.object({ data_user: z.object({ email: z.email(), age: z.number().int() }) }) } },
      async (req) => ({ data: req.body }),
    );
    typed.get('/back/api/v1/__boom', async () => {
      throw new Error('secret database password leaked in message');
    });
    typed.get('/back/api/v1/__conflict', async () => {
      throw new AppError('email-already-in-use');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers 404, not 500, for ids beyond the keys\' 32-bit range (PostgreSQL refuses them, SQLite finds nothing)', async () => {
    for (const url of ['/back/api/v1/allies/2147483648', '/back/api/v1/points/2147483648', '/back/api/v1/campaigns/9007199254740991']) {
      const res = await app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.json<{ code: string }>().code).toMatch(/not-found$/);
    }
  });

  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/back/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ code: 'route-not-found', message: 'Esta dirección de la API no existe.' });
  });

  it('names each invalid field in a 400 with Spanish messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/back/api/v1/__echo',
      payload: { data_user: { email: 'no-es-correo', age: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation-failed');
    expect(Object.keys(body.fields).sort()).toEqual(['data_user.age', 'data_user.email']);
    expect(body.message).toContain('data_user.email');
    expect(body.fields['data_user.email']).toMatch(/inválid|correo/i);
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/back/api/v1/__echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"data_user":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad-request', message: 'La solicitud no es válida.' });
  });

  it('hides the details of a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/back/api/v1/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal-error',
      message: 'Ocurrió un error inesperado. Inténtalo de nuevo más tarde.',
    });
    expect(res.body).not.toContain('secret');
  });

  it('maps an AppError to its catalogue status and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/back/api/v1/__conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'email-already-in-use',
      message: 'Ya existe una cuenta con ese correo electrónico.',
    });
  });

  it('rejects a forged bearer token with 401', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/back/api/health',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });

  it('serves the OpenAPI document built from the contract schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/back/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/back/api/health'].get.responses['200']).toBeDefined();
    const ui = await app.inject({ method: 'GET', url: '/back/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
