import type { CertificateSummary, CertificateVerification } from '@puntoverde/contract';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { bogotaYear, whereFilingWaits } from '../../../test/sequence-lock.js';
import { buildLedgerWorld, type LedgerWorld } from '../../../test/factories/statistics.js';
import { type Actor } from '../../../test/factories/users.js';
import { lastSequence } from '../../db/sequence.js';

let t: TestApp;
let w: LedgerWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildLedgerWorld(t.app);
});
afterAll(() => t.close());

const PATH = '/back/api/v1/certificates';
const ask = (who: Actor | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: PATH, headers: who?.headers ?? {}, payload: payload as object });
const download = (who: Actor, number: string) => t.app.inject({ method: 'GET', url: `${PATH}/${number}/pdf`, headers: who.headers });
const lastCertificate = () => lastSequence(t.app.db, 'certificate', bogotaYear());
const verify = (code: string, ip = '127.0.0.9') =>
  t.app.inject({ method: 'GET', url: `/back/api/v1/certificate-verifications/${encodeURIComponent(code)}`, remoteAddress: ip });

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Extracts the QR image from the PDF and decodes it. */
async function qrUrl(pdf: Buffer): Promise<string | null> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const result = await parser.getImage({ imageBuffer: true, imageDataUrl: false });
    for (const page of result.pages) {
      for (const image of page.images) {
        const png = PNG.sync.read(Buffer.from(image.data));
        const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        if (code) return code.data;
      }
    }
    return null;
  } finally {
    await parser.destroy();
  }
}

let first: CertificateSummary;
let firstPdf: Buffer;
let firstCode: string;

describe('a company asks for a certificate', () => {
  it('issues CERT-YYYY-000001 with the holder, NIT, per-material kg, totals and impact', async () => {
    const res = await ask(w.head, { from: '2026-03-01', to: '2026-04-30' });
    expect(res.statusCode).toBe(201);
    first = res.json().data as CertificateSummary;
    expect(first.number).toMatch(/^CERT-\d{4}-000001$/);
    expect(first).toMatchObject({ status: 'valido', holder_name: 'Reciclemos S.A.S.', branch_name: null, total_kg: 37 });
    // 30 cartón × 3.46 + 5 PET × 1.14 + 2 aluminio × 10.06 = 103.8 + 5.7 + 20.12
    expect(first.co2e_kg).toBe(129.62);

    const pdf = await download(w.head, first.number);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    firstPdf = pdf.rawPayload;
    expect(firstPdf.length).toBeLessThan(150 * 1024);
    const text = await pdfText(firstPdf);
    expect(text).toContain(first.number);
    expect(text).toContain('900.123.456-8');
    expect(text).toContain('Reciclemos S.A.S.');
    expect(text).toContain('Total aprovechado: 37 kg');
    expect(text).toContain('129,62 kg de CO₂e');
    expect(text).toContain('Punto Limpio Envigado');
    expect(text).toMatch(/\(WARM\) v16/);
    expect(text).toContain("Referencia de Estados Unidos");
    expect(text).not.toContain('Otra Empresa');
  });

  it('prints a QR with the verification URL, and the public page confirms it', async () => {
    const url = await qrUrl(firstPdf);
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/verificar/[A-Za-z0-9_-]{22}$`));
    firstCode = url!.split('/').pop()!;
    expect(await pdfText(firstPdf)).toContain(firstCode);
    const res = await verify(firstCode);
    expect(res.statusCode).toBe(200);
    const v = res.json().data as CertificateVerification;
    expect(v).toMatchObject({ number: first.number, status: 'valido', holder_name: 'Reciclemos S.A.S.', total_kg: 37, period_from: '2026-03-01' });
    expect(JSON.stringify(v)).not.toMatch(/@|Calle|900\.123/);
  });

  it('still verifies at the former path, announcing its successor and its sunset', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${PATH}/verify/${firstCode}`, remoteAddress: '127.0.0.10' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.number).toBe(first.number);
    expect(res.headers.deprecation).toMatch(/^@\d+$/);
    expect(res.headers.sunset).toBe('Wed, 30 Jun 2027 23:59:59 GMT');
    expect(res.headers.link).toBe('</back/api/v1/certificate-verifications/{code}>; rel="successor-version"');
    expect((await verify(firstCode)).headers.deprecation).toBeUndefined();
  });

  it('serves the same bytes every time', async () => {
    const again = await download(w.head, first.number);
    expect(Buffer.compare(again.rawPayload, firstPdf)).toBe(0);
  });

  it('certifies one branch, and answers 404 for another company’s branch', async () => {
    const res = await ask(w.head, { from: '2026-03-01', to: '2026-04-30', branch_id: w.branch1.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ branch_name: 'Reciclemos — Sede Belén', total_kg: 7 });
    const text = await pdfText((await download(w.head, res.json().data.number)).rawPayload);
    expect(text).toContain('Sucursal: Reciclemos — Sede Belén');
    expect(text).toContain('Municipio: Medellín');
    const other = await ask(w.head, { from: '2026-03-01', to: '2026-04-30', branch_id: w.otherBranch.id });
    expect(other.statusCode).toBe(404);
  });

  it('lists my certificates, and nobody else downloads them', async () => {
    const list = (await t.app.inject({ method: 'GET', url: PATH, headers: w.head.headers })).json().data as CertificateSummary[];
    expect(list.map((c) => c.number)).toContain(first.number);
    expect((await download(w.otherHead, first.number)).statusCode).toBe(404);
    expect((await download(w.admin, first.number)).statusCode).toBe(200);
  });
});

describe('a household asks for a certificate', () => {
  it('prints its name and document', async () => {
    const res = await ask(w.household, { from: '2026-01-01', to: '2026-02-28' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.total_kg).toBe(11);
    const text = await pdfText((await download(w.household, res.json().data.number)).rawPayload);
    expect(text).toContain('Nombre: Ana Hogar');
    expect(text).toContain('CC: 43123456');
  });
});

describe('bad input', () => {
  it('asks for a login, then the kind of account, before the body', async () => {
    expect((await ask(null, { from: 'x' })).statusCode).toBe(401);
    expect((await ask(w.manager, { from: 'x' })).statusCode).toBe(403);
    expect((await ask(w.branch1, { from: 'x' })).statusCode).toBe(403);
    const bad = await ask(w.head, { from: 'x', to: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('from');
  });

  it('rejects a future period and one longer than 366 days, naming the field', async () => {
    const future = await ask(w.head, { from: '2026-01-01', to: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toHaveProperty('to');
    const long = await ask(w.head, { from: '2024-01-01', to: '2025-06-30' });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('from');
  });

  it('says so when nothing was collected, and takes no number', async () => {
    const before = await lastCertificate();
    const res = await ask(w.head, { from: '2025-01-01', to: '2025-01-31' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'certificate-nothing-collected' });
    expect(res.json().message).toMatch(/No tienes kilos recogidos/);
    expect(await lastCertificate()).toBe(before);
  });
});

describe('numbers under concurrency', () => {
  it('gives eight simultaneous requests eight consecutive numbers, each printed with its own', async () => {
    const before = await lastCertificate();
    const results = await Promise.all(Array.from({ length: 8 }, () => ask(w.head, { from: '2026-03-01', to: '2026-03-31' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => (r.json().data as CertificateSummary).number);
    const seqs = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
    // Most of them were made for a number another one took first: each was printed again.
    const rows = await t.app.db.selectFrom('certificates').select(['number', 'content_json']).where('number', 'in', numbers).execute();
    for (const row of rows) expect((JSON.parse(row.content_json) as { number: string }).number).toBe(row.number);
    for (const number of numbers) expect(await pdfText((await download(w.head, number)).rawPayload)).toContain(number);
  });

  it.skipIf(dialectUnderTest !== 'postgres')('waits for the number only once the certificate is written (PostgreSQL)', async () => {
    const { query, writtenTables, result } = await whereFilingWaits(t.app.db, 'certificate', () =>
      ask(w.head, { from: '2026-03-01', to: '2026-03-31' }),
    );
    expect(query).toMatch(/update sequences/);
    expect(writtenTables).toContain('certificates');
    expect(result.statusCode).toBe(201);
  });
});

describe('factors and annulment', () => {
  it('a factor change leaves issued certificates as they were, and applies to new ones', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/back/api/v1/admin/impact-factors/carton',
      headers: w.admin.headers,
      payload: { factor: 5 },
    });
    expect(patch.statusCode).toBe(200);
    expect(Buffer.compare((await download(w.head, first.number)).rawPayload, firstPdf)).toBe(0);
    expect((await verify(firstCode)).json().data.co2e_kg).toBe(129.62);
    const fresh = await ask(w.head, { from: '2026-03-01', to: '2026-04-30' });
    // 30 × 5 + 5.7 + 20.12
    expect(fresh.json().data.co2e_kg).toBe(175.82);
  });

  it('staff annul with a reason; the public page says so; non-staff cannot', async () => {
    const url = `/back/api/v1/admin/certificates/${first.number}/annul`;
    expect((await t.app.inject({ method: 'POST', url, headers: w.head.headers, payload: {} })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload: { reason: 'x' } });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload: { reason: 'Kilos mal registrados en marzo.' } });
    expect(res.statusCode).toBe(200);
    const v = (await verify(firstCode)).json().data as CertificateVerification;
    expect(v).toMatchObject({ status: 'anulado', annul_reason: 'Kilos mal registrados en marzo.' });
    expect((await t.app.inject({ method: 'POST', url, headers: w.admin.headers, payload: { reason: 'Otra vez, por si acaso.' } })).statusCode).toBe(409);
    const audit = await t.app.db.selectFrom('audit_log').select(['action']).where('entity', '=', 'certificate').execute();
    expect(audit).toEqual([{ action: 'annul' }]);
  });
});

describe('public verification', () => {
  it('answers the same for unknown and malformed codes', async () => {
    const unknown = await verify('A'.repeat(22), '127.0.0.20');
    const malformed = await verify('nope', '127.0.0.20');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toBe(unknown.body);
  });

  it('is rate limited per address', async () => {
    const ip = '127.0.0.33';
    for (let i = 0; i < 30; i += 1) expect((await verify('B'.repeat(22), ip)).statusCode).toBe(404);
    expect((await verify('B'.repeat(22), ip)).statusCode).toBe(429);
  });
});
