import { Ajv, type AnySchema } from 'ajv';
import * as xmlParser from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import {
  discoverySchema,
  errorsSchema,
  postRequestSchema,
  serviceDefinitionSchema,
  serviceRequestsSchema,
  servicesSchema,
} from './georeport-v2.schemas.js';
import { randomIp } from '../../../test/factories/http.js';
import { buildReportsWorld, changeReportStatus, mustFile } from '../../../test/factories/reports.js';

const B = '/back/api/open311/v2';
const KEYS = '/back/api/v1/admin/open311-keys';
const CATEGORIES = '/back/api/v1/admin/report-categories';

let t: TestApp;
let w: Awaited<ReturnType<typeof buildReportsWorld>>;
let apiKey: string;

const ajvJson = new Ajv({ allErrors: true, strict: false });
// XML carries text only: numbers and booleans are read back by the schema's types.
const ajvXml = new Ajv({ allErrors: true, strict: false, coerceTypes: true });

/** Elements that hold a list, and the name of their items. */
const LISTS: Record<string, string> = {
  services: 'service',
  service_requests: 'request',
  errors: 'error',
  endpoints: 'endpoint',
  formats: 'format',
  attributes: 'attribute',
  values: 'value',
};

function normalize(value: unknown, name?: string): unknown {
  if (name && LISTS[name]) {
    if (value === '' || value === null || value === undefined) return [];
    const items = (value as Record<string, unknown>)[LISTS[name]];
    return (Array.isArray(items) ? items : [items]).map((v) => normalize(v));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalize(v, k)]));
  }
  return value === '' ? null : value;
}

/** The XML answer read into the JSON shape (root element unwrapped, lists as arrays). */
function readXml(body: string, root: string): unknown {
  expect(body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
  expect(xmlParser.validate(body)).toBe(true);
  const doc = xmlParser.parse(body, { ignoreAttributes: true, parseNodeValue: false, trimValues: false }) as Record<string, unknown>;
  expect(Object.keys(doc)).toEqual([root]);
  return normalize(doc[root], root);
}

function expectValid(ajv: Ajv, schema: AnySchema, data: unknown) {
  const validate = ajv.compile(schema);
  const ok = validate(data);
  expect(ok, JSON.stringify(validate.errors, null, 2)).toBe(true);
}

async function both(url: string, schema: AnySchema, root: string, expectedStatus = 200) {
  const json = await t.app.inject({ method: 'GET', url: url.replace('{f}', 'json'), remoteAddress: randomIp() });
  expect(json.statusCode).toBe(expectedStatus);
  expect(json.headers['content-type']).toContain('application/json');
  expectValid(ajvJson, schema, json.json());
  const xml = await t.app.inject({ method: 'GET', url: url.replace('{f}', 'xml'), remoteAddress: randomIp() });
  expect(xml.statusCode).toBe(expectedStatus);
  expect(xml.headers['content-type']).toContain('application/xml');
  const read = readXml(xml.body, root);
  expectValid(ajvXml, schema, read);
  return { json: json.json<unknown>(), xml: read };
}

function form(fields: Record<string, string>) {
  return { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

async function post(format: 'json' | 'xml', fields: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: `${B}/requests.${format}`, remoteAddress: randomIp(), ...form(fields) });
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildReportsWorld(t.app);
  const res = await t.app.inject({ method: 'POST', url: KEYS, payload: { name: 'Alcaldía de Medellín' }, headers: w.staff.headers });
  expect(res.statusCode).toBe(201);
  apiKey = res.json<{ data: { api_key: string } }>().data.api_key;
});
afterAll(async () => t.close());

describe('Open311 GeoReport v2', () => {
  it('answers discovery in JSON and XML', async () => {
    const { json } = await both(`${B}/discovery.{f}`, discoverySchema, 'discovery');
    expect((json as { endpoints: { url: string }[] }).endpoints[0]!.url).toContain('/back/api/open311/v2');
  });

  it('lists the report categories as services', async () => {
    const { json } = await both(`${B}/services.{f}`, servicesSchema, 'services');
    const codes = (json as { service_code: string }[]).map((s) => s.service_code);
    expect(codes).toEqual(['contenedor_lleno', 'contenedor_danado', 'punto_critico', 'punto_cerrado', 'recoleccion_no_realizada', 'otro']);
    const xml = await t.app.inject({ method: 'GET', url: `${B}/services.xml` });
    expect(xml.body).toContain('<service><service_code>contenedor_lleno</service_code><service_name>Contenedor lleno</service_name>');
    expect(xml.body).toContain('<metadata>true</metadata>');
  });

  it('defines the attributes of a container category, and none for the others', async () => {
    const full = await both(`${B}/services/contenedor_lleno.{f}`, serviceDefinitionSchema, 'service_definition');
    expect((full.json as { attributes: { code: string }[] }).attributes.map((a) => a.code)).toEqual(['point_id', 'container_id']);
    const other = await both(`${B}/services/otro.{f}`, serviceDefinitionSchema, 'service_definition');
    expect((other.json as { attributes: unknown[] }).attributes).toEqual([]);
    await both(`${B}/services/no_existe.{f}`, errorsSchema, 'errors', 404);
  });

  it('files a request with a form-encoded POST and reads it back', async () => {
    const res = await post('json', {
      api_key: apiKey,
      service_code: 'contenedor_lleno',
      lat: '6.2446',
      long: '-75.5916',
      email: 'ciudadana@example.com',
      first_name: 'Marta',
      last_name: 'Gómez',
      phone: '3001112233',
      description: 'El contenedor de la esquina lleva tres días lleno.',
      media_url: 'https://example.com/foto.jpg',
      'attribute[point_id]': String(w.pointX),
    });
    expect(res.statusCode).toBe(201);
    expectValid(ajvJson, postRequestSchema, res.json());
    const id = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    expect(id).toMatch(/^REP-\d{4}-\d{6}$/);

    const one = await both(`${B}/requests/${id}.{f}`, serviceRequestsSchema, 'service_requests');
    expect(one.json).toEqual([
      expect.objectContaining({
        service_request_id: id,
        status: 'open',
        service_code: 'contenedor_lleno',
        lat: 6.2446,
        long: -75.5916,
        media_url: 'https://example.com/foto.jpg',
        agency_responsible: 'PuntoVerde · Contenedor Parque Laureles',
      }),
    ]);
    expect((one.json as { requested_datetime: string }[])[0]!.requested_datetime).toMatch(/-05:00$/);
    // The person who filed it hears from the native service too.
    await t.app.mailer.idle();
    const mail = (await t.app.mailer.outbox()).find((m) => m.to === 'ciudadana@example.com');
    expect(mail?.subject).toContain(id);

    const xmlPost = await post('xml', { api_key: apiKey, service_code: 'otro', lat: '6.25', long: '-75.57', description: 'Prueba en XML de una solicitud.' });
    expect(xmlPost.statusCode).toBe(201);
    expectValid(ajvXml, postRequestSchema, readXml(xmlPost.body, 'service_requests'));
  });

  it('collapses statuses to open/closed with status notes and filters by status, code and ids', async () => {
    const a = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'punto_cerrado', lat: 6.21, lng: -75.57 });
    const b = await mustFile(t.app, w.ana, { point_id: w.pointX, category: 'punto_cerrado', lat: 6.211, lng: -75.571 });
    await changeReportStatus(t.app, w.managerX, b.number, { status: 'descartado', reason: 'El punto abre a las 8:00.' });
    const closed = await both(`${B}/requests.{f}?service_code=punto_cerrado&status=closed`, serviceRequestsSchema, 'service_requests');
    expect(closed.json).toEqual([expect.objectContaining({ service_request_id: b.number, status: 'closed', status_notes: 'Descartado: El punto abre a las 8:00.' })]);
    const open = await both(`${B}/requests.{f}?service_code=punto_cerrado&status=open`, serviceRequestsSchema, 'service_requests');
    expect((open.json as { service_request_id: string }[]).map((r) => r.service_request_id)).toEqual([a.number]);
    const byIds = await both(`${B}/requests.{f}?service_request_id=${a.number},${b.number}`, serviceRequestsSchema, 'service_requests');
    expect((byIds.json as unknown[]).length).toBe(2);
  });

  it('keeps the date window within 90 days', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const ok = await both(`${B}/requests.{f}?start_date=${iso(now - 30 * 864e5)}&end_date=${iso(now + 864e5)}`, serviceRequestsSchema, 'service_requests');
    expect((ok.json as unknown[]).length).toBeGreaterThan(0);
    const old = await both(`${B}/requests.{f}?start_date=2020-01-01T00:00:00Z&end_date=2020-02-01T00:00:00Z`, serviceRequestsSchema, 'service_requests');
    expect(old.json).toEqual([]);
    await both(`${B}/requests.{f}?start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z`, errorsSchema, 'errors', 400);
    await both(`${B}/requests.{f}?start_date=ayer`, errorsSchema, 'errors', 400);
    await both(`${B}/requests.{f}?status=pendiente`, errorsSchema, 'errors', 400);
  });

  it('answers 404 as an error list for an unknown request', async () => {
    await both(`${B}/requests/REP-1999-000001.{f}`, errorsSchema, 'errors', 404);
  });

  it('refuses a POST without, with a wrong or with a revoked api_key (403) before reading the fields', async () => {
    const attempts: Record<string, string>[] = [{ service_code: 'nope' }, { api_key: 'pv311_inventada', service_code: 'nope' }];
    for (const fields of attempts) {
      const res = await post('json', fields);
      expect(res.statusCode).toBe(403);
      expectValid(ajvJson, errorsSchema, res.json());
      const xml = await post('xml', fields);
      expect(xml.statusCode).toBe(403);
      expectValid(ajvXml, errorsSchema, readXml(xml.body, 'errors'));
    }
    const created = await t.app.inject({ method: 'POST', url: KEYS, payload: { name: 'App cívica de prueba' }, headers: w.staff.headers });
    const { id, api_key } = created.json<{ data: { id: number; api_key: string } }>().data;
    const fields = { api_key, service_code: 'otro', lat: '6.25', long: '-75.57', description: 'Antes de revocar la clave.' };
    expect((await post('json', fields)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `${KEYS}/${id}`, headers: w.staff.headers })).statusCode).toBe(200);
    expect((await post('json', fields)).statusCode).toBe(403);
  });

  // Each case breaks one rule; the rest of the request is valid.
  const described = { description: 'El contenedor lleva dos días lleno.' };
  it.each([
    ['an unknown service_code', { ...described, service_code: 'basura_espacial', lat: '6.25', long: '-75.57' }, 'service_code'],
    ['no location', { ...described, service_code: 'otro' }, 'lat'],
    ['a location outside Colombia', { ...described, service_code: 'otro', lat: '40.4', long: '-3.7' }, 'Colombia'],
    ['a longitude outside Colombia', { ...described, service_code: 'otro', lat: '6.25', long: '-60.1' }, 'long: La ubicación debe estar en Colombia'],
    ['an address without coordinates nor point', { ...described, service_code: 'otro', address_string: 'Calle 10 # 43-12' }, 'lat'],
    ['a bad e-mail', { ...described, service_code: 'otro', lat: '6.25', long: '-75.57', email: 'no-es-correo' }, 'email'],
    ['an unknown point', { ...described, service_code: 'contenedor_lleno', lat: '6.25', long: '-75.57', 'attribute[point_id]': '999999' }, 'point_id'],
    ['a one-letter description', { service_code: 'otro', lat: '6.25', long: '-75.57', description: 'x' }, 'description: Cuéntanos qué pasa (al menos 10 caracteres).'],
    ['no description', { service_code: 'contenedor_lleno', lat: '6.25', long: '-75.57' }, 'description: Cuéntanos qué pasa'],
    ['a blank description', { service_code: 'otro', lat: '6.25', long: '-75.57', description: '          ' }, 'description'],
  ])('answers 400 with the error list for %s, storing nothing', async (_name, fields, mentions) => {
    const before = await t.app.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await post('json', { api_key: apiKey, ...fields });
    expect(res.statusCode).toBe(400);
    expectValid(ajvJson, errorsSchema, res.json());
    expect(res.json<{ description: string }[]>()[0]!.description).toContain(mentions);
    const after = await t.app.db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers the same rules in XML', async () => {
    const res = await post('xml', { api_key: apiKey, service_code: 'otro', lat: '6.25', long: '-75.57', description: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/xml');
    const errors = readXml(res.body, 'errors');
    expectValid(ajvXml, errorsSchema, errors);
    expect(errors).toEqual([{ code: 400, description: 'description: Cuéntanos qué pasa (al menos 10 caracteres).' }]);
  });

  it('names every broken field, one error each', async () => {
    const res = await post('json', { api_key: apiKey, service_code: 'otro', lat: '40.4', long: '-3.7' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([
      { code: 400, description: 'description: Cuéntanos qué pasa (al menos 10 caracteres).' },
      { code: 400, description: 'lat y long: La ubicación debe estar en Colombia. Revisa el punto en el mapa.' },
    ]);
  });

  it('refuses a category staff disabled, as the app does', async () => {
    const created = await t.app.inject({ method: 'POST', url: CATEGORIES, payload: { label: 'Poda de árboles', description: 'Ramas sobre el contenedor.' }, headers: w.staff.headers });
    expect(created.statusCode).toBe(201);
    const fields = { api_key: apiKey, service_code: 'poda_de_arboles', lat: '6.25', long: '-75.57', description: 'Las ramas tapan el contenedor.' };
    expect((await post('json', fields)).statusCode).toBe(201);
    const disabled = await t.app.inject({
      method: 'PUT',
      url: `${CATEGORIES}/poda_de_arboles`,
      payload: { label: 'Poda de árboles', description: 'Ramas sobre el contenedor.', active: false },
      headers: w.staff.headers,
    });
    expect(disabled.statusCode).toBe(200);
    const res = await post('json', fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual([{ code: 400, description: 'service_code: Elige una categoría de la lista.' }]);
  });

  it('stores the description as it was sent', async () => {
    const res = await post('json', { api_key: apiKey, service_code: 'otro', lat: '6.25', long: '-75.57', description: '  La tapa se cayó.  ' });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    const one = (await t.app.inject({ method: 'GET', url: `${B}/requests/${id}.json` })).json<{ description: string }[]>();
    expect(one[0]!.description).toBe('La tapa se cayó.');
  });

  it('places an address-only request at the point it names', async () => {
    const res = await post('json', { api_key: apiKey, service_code: 'contenedor_danado', address_string: 'Parque de Laureles', 'attribute[point_id]': String(w.pointX), description: 'La tapa del contenedor está rota.' });
    expect(res.statusCode).toBe(201);
    const id = res.json<{ service_request_id: string }[]>()[0]!.service_request_id;
    const one = (await t.app.inject({ method: 'GET', url: `${B}/requests/${id}.json` })).json<{ address: string; lat: number }[]>();
    expect(one[0]).toMatchObject({ address: 'Parque de Laureles', lat: 6.2446 });
  });

  it('keeps key management to staff', async () => {
    expect((await t.app.inject({ method: 'GET', url: KEYS, headers: w.managerX.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: KEYS, payload: {}, headers: w.ana.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: KEYS, headers: w.staff.headers });
    expect(list.body).not.toContain(apiKey);
    expect(list.json<{ data: { name: string; last_used_at: string | null }[] }>().data.find((k) => k.name === 'Alcaldía de Medellín')?.last_used_at).not.toBeNull();
  });
});
