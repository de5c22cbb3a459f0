import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { createUser, loginAs } from '../../../test/factories/users.js';

describe('the request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'puntoverde-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("hola");');
    writeFileSync(path.join(dist, 'icons', 'icon-192.png'), 'png');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ webDistDir: dist }), database, logger: { level: 'info', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('writes one line per request with method, route, status, duration, user and error code', async () => {
    const user = await createUser(app, { tc_id: 2 });
    const headers = await loginAs(app, user);
    lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/back/api/v1/points/999999?x=1', headers });
    expect(res.statusCode).toBe(404);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId: res.headers['x-request-id'],
      method: 'GET',
      path: '/back/api/v1/points/999999',
      route: '/back/api/v1/points/:id',
      status: 404,
      user: user.id,
      code: 'point-not-found',
      msg: expect.stringMatching(/^GET \/back\/api\/v1\/points\/999999 404 [\d.]+ ms$/),
    });
    expect(lines[0]!.ms).toEqual(expect.any(Number));
  });

  it('leaves the query out (reset tokens travel there) and names no user when signed out', async () => {
    const res = await app.inject({ method: 'GET', url: '/auth/reset?token=secreto' });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(lines)).not.toContain('secreto');
    // Only the request's line: the web app's own notes (a test build without app-shell.json) aside.
    const requests = lines.filter((l) => l.level === 30);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ path: '/auth/reset', status: 200, user: null });
    expect(requests[0]).not.toHaveProperty('code');
  });

  it('keeps the web app’s files (scripts, icons, the service worker) out of the info log', async () => {
    for (const url of ['/assets/index-abc123.js', '/icons/icon-192.png', '/sw.js']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect(lines.filter((l) => l.level === 30)).toEqual([]);
  });
});
