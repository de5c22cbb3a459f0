import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories/http.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';
import { ACTIVE_PDFS, pdf } from '../../../test/fixtures/pdfs.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

describe('active content in uploaded PDFs', () => {
  let t: TestApp;
  let user: BearerUser;
  const filesDir = () => path.join(t.config.dataDir, 'files');
  const stored = () =>
    existsSync(filesDir())
      ? readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
      : 0;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await createBearerUser(t.app.db, t.config.tokenSecret);
  });
  afterAll(() => t.close());

  it.each(ACTIVE_PDFS)(
    'refuses a PDF with %s with 415 and a Spanish message, on both upload routes',
    async (_label, bytes) => {
      for (const url of ['/back/api/v1/files', '/back/api/v1/pqr/attachments']) {
        const before = stored();
        const body = multipart(bytes, 'documento.pdf', 'application/pdf');
        const res = await t.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...body.headers, ...user.headers },
        });
        expect(res.statusCode, url).toBe(415);
        expect(res.json()).toEqual({ code: 'pdf-active-content', message: expect.stringMatching(/PDF.*JavaScript/) });
        expect(stored()).toBe(before);
      }
    },
  );

  it('still accepts a plain PDF', async () => {
    const body = multipart(pdf(''), 'documento.pdf', 'application/pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'document', mime: 'application/pdf' });
  });
});
