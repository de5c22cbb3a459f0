import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import createClient, { type Middleware } from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';
import { createPoints } from './factories/points.js';
import { validPqr } from './factories/pqr.js';
import { HOME, requestBody } from './factories/requests.js';
import { householdSignup } from './factories/users.js';
import { listenLocal } from './sse.js';

/**
 * An integrator's first day, through a client generated from the served document: TypeScript
 * types from openapi-typescript, calls through openapi-fetch against the listening server. Each
 * answer is held to the document: its status must be one the operation lists, its JSON body must
 * match that response's schema, and the headers the response names must be there.
 */

type Schema = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> };
type Operation = { operationId: string; responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>> };

type Init = {
  params?: { query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
};
type Result = { data?: unknown; error?: unknown; response: globalThis.Response };
/** The generated types are checked by the generator, not by this file: the calls go untyped. */
type Client = {
  GET(path: string, init?: Init): Promise<Result>;
  POST(path: string, init?: Init): Promise<Result>;
  use(...middleware: Middleware[]): void;
};

describe('a client generated from the OpenAPI document', { timeout: 120_000 }, () => {
  let t: TestApp;
  let doc: Document;
  let types: string;
  let api: Client;
  /** Every disagreement between an answer and the document. */
  const disagreements: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const baseUrl = await listenLocal(t.app);
    const served = (await (await fetch(`${baseUrl}/back/api/docs/json`)).json()) as Parameters<typeof openapiTS>[0];
    types = astToString(await openapiTS(structuredClone(served)));
    doc = (await SwaggerParser.dereference(structuredClone(served) as never)) as unknown as Document;

    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const conformance: Middleware = {
      async onResponse({ request, response, schemaPath }) {
        const op = doc.paths[schemaPath]?.[request.method.toLowerCase()];
        const where = `${request.method} ${schemaPath} → ${response.status}`;
        if (!op) return void disagreements.push(`${where}: not in the document`);
        const documented = op.responses[String(response.status)];
        if (!documented) return void disagreements.push(`${where}: status not documented`);
        for (const name of Object.keys(documented.headers ?? {})) {
          if (!response.headers.has(name)) disagreements.push(`${where}: header ${name} missing`);
        }
        const schema = documented.content?.['application/json']?.schema;
        if (!schema || !response.headers.get('content-type')?.includes('json')) return;
        const body: unknown = await response.clone().json();
        const validate = ajv.compile(schema);
        if (!validate(body)) disagreements.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      },
    };
    api = createClient({ baseUrl });
    api.use(conformance);
  }, 120_000);
  afterAll(() => t.close());

  it('generates the types of every operation', () => {
    for (const id of ['auth.signUp', 'auth.logIn', 'pqr.create', 'pqr.track', 'requests.create', 'points.list']) {
      expect(types).toContain(`"${id}": {`);
    }
  });

  it('signs up, logs in, files a PQR, tracks it, asks for a pickup and reads the map', async () => {
    const [pointId] = await createPoints(t.app.db, [
      { name: 'ECA Laureles', lat: HOME.lat + 0.001, lng: HOME.lng, materials: ['pet', 'carton'], kind: 'eca' },
    ]);
    const person = householdSignup({ email: 'integradora@example.co' });

    const signUp = await api.POST('/back/api/clientes/registro', { body: { data_user: person } });
    expect(signUp.response.status).toBe(201);

    const logIn = await api.POST('/back/api/clientes/login', {
      body: { username: person.email, password: person.password },
    });
    expect(logIn.response.status).toBe(200);
    const { token } = (logIn.data as { data: { token: string } }).data;
    const bearer = { authorization: `Bearer ${token}` };

    const pqr = validPqr({ email: 'integradora@example.co' });
    const filed = await api.POST('/back/api/v1/pqr', { body: pqr, headers: bearer });
    expect(filed.response.status).toBe(201);
    const { radicado } = (filed.data as { data: { radicado: string } }).data;

    const tracked = await api.GET('/back/api/v1/pqr/track', { params: { query: { radicado, email: pqr.email } } });
    expect(tracked.response.status).toBe(200);
    expect((tracked.data as { data: { radicado: string } }).data.radicado).toBe(radicado);

    const pickup = await api.POST('/back/api/v1/requests', { body: requestBody(), headers: bearer });
    expect(pickup.response.status, JSON.stringify(pickup.error)).toBe(201);

    const bbox = [HOME.lng - 0.05, HOME.lat - 0.05, HOME.lng + 0.05, HOME.lat + 0.05].join(',');
    const map = await api.GET('/back/api/v1/points', { params: { query: { bbox } } });
    expect(map.response.status).toBe(200);
    expect((map.data as { data: { points: Array<{ id: number }> } }).data.points.map((p) => p.id)).toContain(pointId);

    // A refused call is held to the document too.
    const refused = await api.GET('/back/api/v1/pqr/track', { params: { query: { radicado, email: 'otra@example.co' } } });
    expect(refused.response.status).toBe(404);

    expect(disagreements).toEqual([]);
  });
});
