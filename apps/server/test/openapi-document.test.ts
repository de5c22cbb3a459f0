import SwaggerParser from '@apidevtools/swagger-parser';
import { WEBHOOK_EVENT_TYPES } from '@puntoverde/contract';
import { loadConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

/**
 * The OpenAPI document as integrators meet it: valid for swagger-parser, clean under Redocly's
 * recommended rules as apps/server/redocly.yaml tightens them (every rule turned off there says
 * why), and complete on every operation.
 */

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

const REDOCLY_CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), '../redocly.yaml');

async function lint(doc: unknown): Promise<NormalizedProblem[]> {
  const config = await loadConfig({ configPath: REDOCLY_CONFIG });
  return lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
}

const describeProblem = (p: NormalizedProblem) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`;

function operations(doc: Document): Array<[string, Operation]> {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as [string, Operation]),
  );
}

describe('the OpenAPI document', { timeout: 120_000 }, () => {
  let t: TestApp;
  let dist: string;
  let doc: Document;

  beforeAll(async () => {
    // With a built web app, so that its pages are there to be left out.
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>PuntoVerde</title><div id="root"></div>');
    t = await buildTestApp({ webDistDir: dist });
    const res = await t.app.inject({ method: 'GET', url: '/back/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('passes swagger-parser validation', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('has no Redocly problem under redocly.yaml', async () => {
    expect((await lint(doc)).map(describeProblem)).toEqual([]);
  });

  it('fails both checks on a planted defect', async () => {
    const broken = structuredClone(doc);
    const op = broken.paths['/back/api/v1/pqr']!.post!;
    delete op.operationId;
    // The defect the social callback once had: a parameter whose schema is a string.
    (
      broken.paths['/back/api/v1/pqr/track']!.get as unknown as { parameters: Array<{ schema: unknown }> }
    ).parameters[0]!.schema = 'object';
    await expect(SwaggerParser.validate(structuredClone(broken) as never)).rejects.toThrow();
    const rules = (await lint(broken)).filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['operation-operationId', 'struct']));
  });

  it('leaves out the pages, the viewer and the dev outbox', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !p.startsWith('/back/api/'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('/back/api/docs') || p.startsWith('/back/api/dev'))).toEqual([]);
  });

  it('names every operation feature.verb, once', () => {
    const ids = operations(doc).map(([, op]) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a Spanish summary, a tag and its security', () => {
    const incomplete = operations(doc)
      .filter(([, op]) => !op.summary || !op.tags?.length || !Array.isArray(op.security))
      .map(([key]) => key);
    expect(incomplete).toEqual([]);
    const pqrCreate = doc.paths['/back/api/v1/pqr']!.post!;
    expect(pqrCreate.summary).toMatch(/PQR/);
    expect(pqrCreate.security).toEqual([]);
    expect(doc.paths['/back/api/v1/pqr/mine']!.get!.security).toEqual([{ bearer: [] }]);
  });

  it('describes every error answer with the shared error body and the codes it can carry', () => {
    for (const [key, op] of operations(doc)) {
      const errors = Object.entries(op.responses).filter(([status]) => status.startsWith('4'));
      expect(errors.length, key).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema as { allOf?: unknown[]; type?: string };
        // Open311 answers its standard's error list; everything else the shared body.
        if (key.includes('/open311/v2/')) expect(schema?.type, `${key} ${status}`).toBe('array');
        else expect(schema?.allOf?.[0], `${key} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
      }
    }
    const assign = doc.paths['/back/api/v1/admin/pqr/{radicado}/assign']!.post!;
    expect(Object.keys(assign.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404']));
    const file = doc.paths['/back/api/v1/pqr']!.post!;
    expect(JSON.stringify(file.responses['429'])).toContain('RateLimit-Remaining');
  });

  it('describes each webhook event under webhooks, its body from the contract', () => {
    type Webhook = { post: Operation & { requestBody: { content: Record<string, { schema: { $ref: string } }> } } };
    const webhooks = (doc as unknown as { webhooks: Record<string, Webhook> }).webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { const?: string }> }>;
    for (const [type, { post }] of Object.entries(webhooks)) {
      const schema = schemas[post.requestBody.content['application/json']!.schema.$ref.split('/').pop()!]!;
      expect(Object.keys(schema.properties), type).toEqual(['id', 'type', 'timestamp', 'data']);
      expect(schema.properties.type!.const).toBe(type);
      expect(JSON.stringify(post)).toContain('webhook-signature');
    }
  });

  it('shows an example of each main request, valid for the route that takes it', () => {
    const main = [
      'auth.signUp',
      'auth.logIn',
      'pqr.create',
      'requests.create',
      'reports.create',
      'certificates.create',
    ];
    for (const id of main) {
      const [path, method] = operations(doc)
        .find(([, op]) => op.operationId === id)![0]
        .split(' ')
        .reverse();
      const op = doc.paths[path!]![method!.toLowerCase()] as Operation & {
        requestBody: { content: Record<string, { example?: unknown }> };
      };
      const example = op.requestBody.content['application/json']?.example;
      expect(example, id).toBeDefined();
      const route = t.app.routeTable.find((r) => (r.options.schema as { operationId?: string })?.operationId === id)!;
      const body = (route.options.schema as { body: { safeParse(v: unknown): { success: boolean } } }).body;
      expect(body.safeParse(example).success, id).toBe(true);
    }
  });
});
