import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { findPdfActiveContent } from './pdf-active-content.js';
import { multipart } from '../../../test/factories/http.js';
import { type BearerUser, createBearerUser } from '../../../test/factories/users.js';

/**
 * Small PDFs written by hand: a catalog, one page, and whatever extra the case needs. The
 * cross-reference table is left out (readers rebuild it; the checks never need it).
 */
function pdf(catalogExtra: string, extraObjects: Array<string | Buffer> = []): Buffer {
  const parts: Array<string | Buffer> = [
    '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n',
    `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalogExtra} >>\nendobj\n`,
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>\nendobj\n',
    ...streamObject(4, '', Buffer.from('BT /F1 12 Tf 20 100 Td (Certificado de reciclaje) Tj ET')),
    ...extraObjects,
    'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ];
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}

function streamObject(n: number, dict: string, body: Buffer): Array<string | Buffer> {
  return [`${n} 0 obj\n<< ${dict} /Length ${body.length} >>\nstream\n`, body, '\nendstream\nendobj\n'];
}

/** An object stream (PDF 1.5) holding object 10, compressed: its names are invisible in the raw bytes. */
function objectStream(object10: string): Array<string | Buffer> {
  const header = '10 0 ';
  const body = deflateSync(Buffer.from(header + object10));
  return streamObject(9, `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`, body);
}

const ACTIVE: Array<[string, Buffer, string]> = [
  ['JavaScript run on opening', pdf('/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>'), '/JavaScript'],
  ['a document-level JavaScript name tree', pdf('/Names << /JavaScript 5 0 R >>', ['5 0 obj\n<< /Names [(a) << /S /JavaScript /JS (x) >>] >>\nendobj\n']), '/JavaScript'],
  ['an action that opens a page', pdf('/OpenAction [3 0 R /Fit]'), '/OpenAction'],
  ['a Launch action', pdf('/AA << /WC << /S /Launch /F (cmd.exe) >> >>'), '/Launch'],
  ['an embedded file', pdf('/Names << /EmbeddedFiles 5 0 R >>', ['5 0 obj\n<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream\nendobj\n']), '/EmbeddedFile'],
  ['an XFA form', pdf('/AcroForm << /Fields [] /XFA 5 0 R >>'), '/XFA'],
  ['a hex-escaped name (/J#61vaScript)', pdf('/OpenAction << /S /J#61vaScript /J#53 (x) >>'), '/JavaScript'],
  ['JavaScript inside a compressed object stream', pdf('', objectStream('<< /S /JavaScript /JS (app.alert\\(1\\)) >>')), '/JavaScript'],
];

describe('active content in PDFs', () => {
  it.each(ACTIVE)('finds %s', (_label, bytes, name) => {
    expect(findPdfActiveContent(bytes)).toContain(name);
  });

  it('finds nothing in a plain PDF, compressed streams included', () => {
    expect(findPdfActiveContent(pdf(''))).toEqual([]);
    expect(findPdfActiveContent(pdf('/PageMode /UseOutlines', objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /JSON 1 >>')))).toEqual([]);
    // Image data that happens to spell a name is not a dictionary.
    const image = streamObject(5, '/Type /XObject /Subtype /Image /Width 4 /Height 4', Buffer.from('\x00/JS /XFA\xff'.repeat(4), 'latin1'));
    expect(findPdfActiveContent(pdf('', image))).toEqual([]);
  });

  describe('uploads', () => {
    let t: TestApp;
    let user: BearerUser;
    const filesDir = () => path.join(t.config.dataDir, 'files');
    const stored = () =>
      existsSync(filesDir()) ? readdirSync(filesDir(), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;
    beforeAll(async () => {
      t = await buildTestApp();
      user = await createBearerUser(t.app.db, t.config.tokenSecret);
    });
    afterAll(() => t.close());

    it.each(ACTIVE)('refuses a PDF with %s with 415 and a Spanish message, on both upload routes', async (_label, bytes) => {
      for (const url of ['/back/api/v1/files', '/back/api/v1/pqr/attachments']) {
        const before = stored();
        const body = multipart(bytes, 'documento.pdf', 'application/pdf');
        const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...user.headers } });
        expect(res.statusCode, url).toBe(415);
        expect(res.json()).toEqual({ code: 'pdf-active-content', message: expect.stringMatching(/PDF.*JavaScript/) });
        expect(stored()).toBe(before);
      }
    });

    it('still accepts a plain PDF', async () => {
      const body = multipart(pdf(''), 'documento.pdf', 'application/pdf');
      const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/files', payload: body.payload, headers: { ...body.headers, ...user.headers } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ kind: 'document', mime: 'application/pdf' });
    });
  });
});
