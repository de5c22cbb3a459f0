import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { createBearerUser } from '../../../test/factories/users.js';

/** Every multipart upload route of the API, from the route table (a new one is covered too). */
function multipartRoutes(app: FastifyInstance): string[] {
  return app.routeTable.filter((r) => r.consumes.includes('multipart/form-data')).map((r) => r.url);
}

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const BOUNDARY = 'xx';
const MALFORMED: Array<{ name: string; contentType: string; payload: string }> = [
  {
    name: 'a body cut off inside the file part',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
  },
  {
    name: 'multipart/form-data without a boundary',
    contentType: 'multipart/form-data',
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: 'a part header that never ends',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"`,
  },
  {
    name: 'bytes that are not multipart at all',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: 'esto no es un formulario',
  },
];

describe('malformed multipart bodies', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let config: Config;
  const warnings: Array<{ level: number; msg: string }> = [];
  let headers: { authorization: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    config = testConfig();
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ config, database, logger: { level: 'warn', stream } });
    // A route that reads the multipart body by itself, without readUpload.
    app.post('/back/api/v1/__raw-upload', { schema: { consumes: ['multipart/form-data'] } }, async (request) => {
      const part = await request.file();
      return { data: { size: (await part?.toBuffer())?.length ?? 0 } };
    });
    await app.ready();
    headers = (await createBearerUser(app.db, config.tokenSecret)).headers;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('finds the upload routes in the route table', () => {
    expect(multipartRoutes(app)).toEqual(expect.arrayContaining(['/back/api/v1/files', '/back/api/v1/pqr/attachments', '/back/api/v1/__raw-upload']));
  });

  for (const signedIn of [false, true]) {
    for (const bad of MALFORMED) {
      it(`answers ${bad.name} with a 400, a warning and nothing stored (${signedIn ? 'signed in' : 'anonymous'})`, async () => {
        for (const url of multipartRoutes(app)) {
          const before = await database.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
          const storedBefore = filesIn(config.dataDir).length;
          warnings.length = 0;
          const res = await app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': bad.contentType, ...(signedIn ? headers : {}) },
            payload: bad.payload,
          });
          if (!signedIn && res.statusCode === 401) continue; // the route needs an account: refused before the body
          expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
          expect(res.json()).toEqual({ code: 'multipart-malformed', message: expect.stringMatching(/formulario|archivo/) });
          expect(warnings.some((w) => w.level === 40 && /multipart/i.test(w.msg)), url).toBe(true);
          expect(warnings.some((w) => w.level >= 50), url).toBe(false);
          const after = await database.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
          expect(Number(after.n)).toBe(Number(before.n));
          expect(filesIn(config.dataDir).length).toBe(storedBefore);
        }
      });
    }
  }
});
