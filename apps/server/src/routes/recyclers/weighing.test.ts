import type { MyWeighings, Organization, PickupRequestDetail, Sale, Scale, StockLine, Ticket } from '@puntoverde/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSequence } from '../../db/sequence.js';
import { bogotaDate } from '../../features/requests/pickup-calendar.js';
import { addRate, bogotaDay } from '../../features/rewards/rewards.service.js';
import { buildTestApp, dialectUnderTest, type TestApp } from '../../../test/helper.js';
import { whereFilingWaits } from '../../../test/sequence-lock.js';
import { uploadImage } from '../../../test/factories/files.js';
import { assignManagers, createPoints } from '../../../test/factories/points.js';
import { changeRequestStatus, createRequest, statusBody } from '../../../test/factories/requests.js';
import { createActor, createBearerUser, type Actor } from '../../../test/factories/users.js';

/**
 * Scales, scale tickets and sales of an organisation's ECA through the API, on the database under
 * test: the coordinator records a ticket with kilos as Colombians write them, the recycler confirms
 * it on their phone (or signs on the coordinator's screen), the pickups it names are closed with
 * its kilos, and sales never go beyond the ECA's stock.
 */

const R = '/back/api/v1/recyclers';
const A = '/back/api/v1/admin/recyclers';
const ME = '/back/api/v1/recyclers/me';
let t: TestApp;
let staff: { headers: Record<string, string> };
let coordinator: Actor;
let otherManager: Actor;
let recycler: Actor;
let household: Actor;
let ecaId: number;
let org: Organization;
let memberId: number;
let memberWithoutAccountId: number;
let scale: Scale;
let expiredScale: Scale;
let macroId: number;

function inject(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

const MEMBER = {
  id_type: 'CC',
  name: 'Reciclador de Prueba',
  birth_date: '1975-04-12',
  id_issue_date: '1993-05-20',
  phone: null,
  address: null,
  municipality_dane: '05001',
  vehicle_type: 'carreta',
  plate: null,
  data_consent: true,
};

function ticketBody(overrides: Record<string, unknown> = {}) {
  return {
    eca_point_id: ecaId,
    scale_id: scale.id,
    member_id: memberId,
    macro_route_id: macroId,
    lines: [{ material: 'carton', gross_kg: '3,5', tare_kg: '0,5', reject_kg: '0,25' }],
    ...overrides,
  };
}

async function newTicket(overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await inject('POST', `${R}/organizations/${org.id}/tickets`, coordinator.headers, ticketBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Ticket }>().data;
}

async function scheduledPickup(): Promise<PickupRequestDetail> {
  const request = await createRequest(t.app, household, { point_id: ecaId, items: [{ material: 'carton', estimated_kg: 5 }] });
  for (const status of ['aceptada', 'programada'] as const) {
    const res = await changeRequestStatus(t.app, coordinator, request.id, statusBody(status));
    expect(res.statusCode, res.body).toBe(200);
  }
  return request;
}

function stockOf(material: string): Promise<StockLine | undefined> {
  return inject('GET', `${R}/organizations/${org.id}/stock`, coordinator.headers).then((r) =>
    r.json<{ data: StockLine[] }>().data.find((s) => s.material === material && s.eca_point_id === ecaId),
  );
}

const CUFE = 'a'.repeat(96);
function saleBody(overrides: Record<string, unknown> = {}) {
  return {
    eca_point_id: ecaId,
    buyer_id_type: 'NIT',
    buyer_id_number: '800.197.268-4',
    buyer_name: 'Comercializadora de Reciclables S.A.S.',
    invoice_number: `FE-${Math.floor(Math.random() * 1e9)}`,
    invoice_date: bogotaDate(new Date()),
    cufe: CUFE,
    lines: [{ material: 'carton', kg: '1,5', price_per_kg: '450', vat_rate: 19 }],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  coordinator = await createActor(t.app, { tc_id: 1, name: 'Coordinadora Báscula' });
  otherManager = await createActor(t.app, { tc_id: 1, name: 'Gestor ajeno' });
  recycler = await createActor(t.app, { tc_id: 2, name: 'Reciclador con teléfono' });
  household = await createActor(t.app, { tc_id: 2, name: 'Hogar que recicla' });
  [ecaId] = (await createPoints(t.app.db, [
    { name: 'ECA Báscula Prueba', kind: 'eca', lat: 6.2446, lng: -75.5916, materials: ['carton', 'pet'] },
  ])) as [number];
  await assignManagers(t.app.db, [{ pointId: ecaId, userId: coordinator.id }]);
  const created = await inject('POST', `${A}/organizations`, staff.headers, {
    name: 'Asociación Báscula Prueba',
    nit: '900.123.456-8',
    rups_id: null,
    regime: 'decreto-1381-2024',
    regime_stage: 2,
  });
  org = created.json<{ data: Organization }>().data;
  expect((await inject('POST', `${R}/organizations/${org.id}/ecas`, staff.headers, { point_id: ecaId })).statusCode).toBe(201);
  expect(
    (await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, { email: coordinator.email })).statusCode,
  ).toBe(200);
  const macro = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, coordinator.headers, {
    numacro: '101',
    name: 'Laureles',
  });
  macroId = macro.json<{ data: Organization }>().data.macro_routes[0]!.id;
  const withAccount = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
    ...MEMBER,
    id_number: '43512876',
    account_email: recycler.email,
  });
  expect(withAccount.statusCode, withAccount.body).toBe(201);
  memberId = withAccount.json<{ data: { id: number } }>().data.id;
  const without = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
    ...MEMBER,
    name: 'Recicladora sin teléfono',
    id_number: '71654321',
  });
  memberWithoutAccountId = without.json<{ data: { id: number } }>().data.id;
}, 60_000);

afterAll(() => t?.close());

describe('scales', () => {
  it('lets the coordinator register a scale, capacity as Colombians write it', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, coordinator.headers, {
      serial: 'BAS-001',
      capacity_kg: '1.500,0',
      division_g: 200,
      certificate_number: 'SIC-2026-778',
      certificate_expires_on: '2099-12-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    scale = res.json<{ data: Scale }>().data;
    expect(scale).toMatchObject({ serial: 'BAS-001', capacity_kg: 1500, division_g: 200, active: true, expired: false });
  });

  it('marks a scale whose verification expired', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, staff.headers, {
      serial: 'BAS-VIEJA',
      capacity_kg: 300,
      division_g: 100,
      certificate_number: 'SIC-2020-001',
      certificate_expires_on: '2021-01-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    expiredScale = res.json<{ data: Scale }>().data;
    expect(expiredScale.expired).toBe(true);
  });

  it('refuses a repeated serial and bad fields in Spanish, on their fields', async () => {
    const twin = await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, coordinator.headers, {
      serial: 'BAS-001',
      capacity_kg: 10,
      division_g: 5,
      certificate_number: 'X',
      certificate_expires_on: '2099-01-01',
    });
    expect(twin.statusCode).toBe(409);
    const bad = await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, coordinator.headers, {
      serial: '',
      capacity_kg: -1,
      division_g: 'mucho',
      certificate_number: 'X',
      certificate_expires_on: '2099-02-30',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['capacity_kg', 'certificate_expires_on', 'division_g', 'serial']);
  });

  it('updates a scale and writes the change to the audit log', async () => {
    const res = await inject('PUT', `${R}/organizations/${org.id}/scales/${scale.id}`, coordinator.headers, {
      serial: 'BAS-001',
      capacity_kg: 2000,
      division_g: 200,
      certificate_number: 'SIC-2026-779',
      certificate_expires_on: '2099-12-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    scale = res.json<{ data: Scale }>().data;
    expect(scale.capacity_kg).toBe(2000);
    const logged = await t.app.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity', '=', 'recycler_scale')
      .where('entity_id', '=', String(scale.id))
      .execute();
    expect(logged.map((l) => l.action).sort()).toEqual(['create', 'update']);
  });

  it('keeps other managers and households out', async () => {
    expect((await inject('GET', `${R}/organizations/${org.id}/scales`, otherManager.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${R}/organizations/${org.id}/scales`, household.headers)).statusCode).toBe(403);
    const list = await inject('GET', `${R}/organizations/${org.id}/scales`, coordinator.headers);
    expect(list.json<{ data: Scale[] }>().data.map((s) => s.serial).sort()).toEqual(['BAS-001', 'BAS-VIEJA']);
  });

  it('deletes a scale that never weighed', async () => {
    const created = await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, coordinator.headers, {
      serial: 'BAS-TEMP',
      capacity_kg: 50,
      division_g: 10,
      certificate_number: 'T-1',
      certificate_expires_on: '2099-01-01',
    });
    const id = created.json<{ data: Scale }>().data.id;
    expect((await inject('DELETE', `${R}/organizations/${org.id}/scales/${id}`, coordinator.headers)).statusCode).toBe(204);
  });
});

describe('scale tickets', () => {
  it('records a ticket with "3,5" kg, net = gross − tare, numbered TQ-YYYY-NNNNNN without gaps', async () => {
    const year = Number(bogotaDate(new Date()).slice(0, 4));
    const before = await lastSequence(t.app.db, 'scale-ticket', year);
    const ticket = await newTicket();
    expect(ticket.number).toBe(`TQ-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(ticket.status).toBe('pendiente');
    expect(ticket.lines[0]).toMatchObject({ material: 'carton', gross_kg: 3.5, tare_kg: 0.5, net_kg: 3, reject_kg: 0.25 });
    expect(ticket.operator?.id).toBe(coordinator.id);
    expect(ticket.macro_route?.numacro).toBe('101');
  });

  it('gives 12 tickets recorded at once 12 consecutive numbers, none repeated', async () => {
    const year = Number(bogotaDate(new Date()).slice(0, 4));
    const before = await lastSequence(t.app.db, 'scale-ticket', year);
    const tickets = await Promise.all(Array.from({ length: 12 }, () => newTicket()));
    const sequences = tickets.map((k) => Number(k.number.slice(-6))).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    expect(await lastSequence(t.app.db, 'scale-ticket', year)).toBe(before + 12);
  });

  it.skipIf(dialectUnderTest !== 'postgres')('waits for the number only once the ticket and its lines are written (PostgreSQL)', async () => {
    const { query, writtenTables, result } = await whereFilingWaits(t.app.db, 'scale-ticket', () => newTicket());
    expect(query).toMatch(/update sequences/);
    expect(writtenTables).toEqual(expect.arrayContaining(['recycler_tickets', 'recycler_ticket_lines']));
    expect(result.number).toMatch(/^TQ-\d{4}-\d{6}$/);
  });

  it('refuses a scale whose verification expired, naming the field and the date', async () => {
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/tickets`,
      coordinator.headers,
      ticketBody({ scale_id: expiredScale.id }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('recycler-scale-expired');
    expect(res.json().fields.scale_id).toMatch(/BAS-VIEJA venció el 31 de enero de 2021/);
  });

  it('refuses a wrong net, rejects over net and unreadable kilos, each on its line field', async () => {
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/tickets`,
      coordinator.headers,
      ticketBody({
        lines: [
          { material: 'carton', gross_kg: '10', tare_kg: '1', net_kg: '8' },
          { material: 'pet', gross_kg: '5', tare_kg: '1', reject_kg: '4,5' },
          { material: 'pet', gross_kg: '1.234', tare_kg: '0' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(fields['lines.0.net_kg']).toMatch(/bruto menos la tara/);
    expect(fields['lines.1.reject_kg']).toMatch(/no puede ser mayor que el neto/);
    expect(fields['lines.2.gross_kg']).toMatch(/kilos/);
  });

  it('lets the member confirm on their phone, once; the ticket is then immutable', async () => {
    const ticket = await newTicket();
    const mine = await inject('GET', `${ME}/weighings`, recycler.headers);
    expect(mine.json<{ data: MyWeighings }>().data.pending.map((p) => p.id)).toContain(ticket.id);
    const res = await inject('POST', `${ME}/tickets/${ticket.id}/confirm`, recycler.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Ticket }>().data).toMatchObject({ status: 'confirmado', confirmation: 'telefono' });
    expect((await inject('POST', `${ME}/tickets/${ticket.id}/confirm`, recycler.headers)).statusCode).toBe(409);
  });

  it('shows a member only their own tickets', async () => {
    const other = await newTicket({ member_id: memberWithoutAccountId });
    expect((await inject('POST', `${ME}/tickets/${other.id}/confirm`, recycler.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${ME}/tickets/${other.id}/pdf`, recycler.headers)).statusCode).toBe(404);
    expect((await inject('POST', `${ME}/tickets/${other.id}/confirm`, household.headers)).statusCode).toBe(404);
    const mine = (await inject('GET', `${ME}/weighings`, recycler.headers)).json<{ data: MyWeighings }>().data;
    expect(mine.tickets.every((x) => x.member.id === memberId)).toBe(true);
    expect((await inject('GET', `${R}/organizations/${org.id}/tickets/${other.id}`, otherManager.headers)).statusCode).toBe(404);
  });

  it('sums Mis pesajes per material per week', async () => {
    const mine = (await inject('GET', `${ME}/weighings`, recycler.headers)).json<{ data: MyWeighings }>().data;
    const week = mine.weeks[0]!;
    const carton = week.materials.find((m) => m.material === 'carton')!;
    const expected = mine.tickets
      .filter((x) => x.status !== 'anulado')
      .flatMap((x) => x.lines)
      .filter((l) => l.material === 'carton')
      .reduce((s, l) => s + l.net_kg, 0);
    expect(carton.net_kg).toBeCloseTo(expected, 2);
    expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('confirms by a signature drawn on the coordinator screen, stored as a PNG file', async () => {
    const ticket = await newTicket({ member_id: memberWithoutAccountId });
    const signatureId = await uploadImage(t.app, coordinator, { size: { width: 300, height: 120 } });
    const res = await inject('POST', `${R}/organizations/${org.id}/tickets/${ticket.id}/signature`, coordinator.headers, {
      signature_id: signatureId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const signed = res.json<{ data: Ticket }>().data;
    expect(signed).toMatchObject({ status: 'confirmado', confirmation: 'firma' });
    expect(signed.signature_url).toContain(signatureId);
    const again = await inject('POST', `${R}/organizations/${org.id}/tickets/${ticket.id}/signature`, coordinator.headers, {
      signature_id: signatureId,
    });
    expect(again.statusCode).toBe(409);
  });

  it('closes the pickups it names at confirmation: their actual kg are net − rejects, which earn the household points', async () => {
    // Cartón earns 5 points a kilo from a year ago (the rate in force on the collection day).
    await addRate(
      t.app.db,
      { material: 'carton', points_per_kg: 5, max_kg_per_pickup: 100, effective_from: bogotaDay(new Date(Date.now() - 400 * 86_400_000)) },
      null,
    );
    const pickup = await scheduledPickup();
    const ticket = await newTicket({
      pickups: [pickup.id],
      lines: [{ material: 'carton', gross_kg: '6,4', tare_kg: '0,4', reject_kg: '0,5', pickup_id: pickup.id }],
    });
    const pending = await t.app.inject({ method: 'GET', url: `/back/api/v1/requests/${pickup.id}`, headers: household.headers });
    expect(pending.json<{ data: PickupRequestDetail }>().data.status).toBe('programada');
    const res = await inject('POST', `${ME}/tickets/${ticket.id}/confirm`, recycler.headers);
    expect(res.statusCode, res.body).toBe(200);
    const after = (
      await t.app.inject({ method: 'GET', url: `/back/api/v1/requests/${pickup.id}`, headers: household.headers })
    ).json<{ data: PickupRequestDetail }>().data;
    expect(after.status).toBe('recogida');
    expect(after.items.find((i) => i.material === 'carton')?.actual_kg).toBe(5.5);
    // The weighed kilos earn through the same ledger as a collection recorded by hand: 5,5 kg × 5 = 27,5 → 28.
    const ledger = await t.app.inject({ method: 'GET', url: '/back/api/v1/rewards/ledger?page_size=10', headers: household.headers });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json<{ data: { items: unknown[] } }>().data.items).toContainEqual(
      expect.objectContaining({ kind: 'earned', points: 28, cause_type: 'pickup', cause_id: String(pickup.id) }),
    );
    // The same pickup cannot be closed by a second ticket.
    const twice = await inject(
      'POST',
      `${R}/organizations/${org.id}/tickets`,
      coordinator.headers,
      ticketBody({ pickups: [pickup.id], lines: [{ material: 'carton', gross_kg: 2, tare_kg: 0, pickup_id: pickup.id }] }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields.pickups).toBeTruthy();
  });

  it('corrects a ticket with a new one that voids it, with the reason', async () => {
    const wrong = await newTicket();
    const missingReason = await inject(
      'POST',
      `${R}/organizations/${org.id}/tickets`,
      coordinator.headers,
      ticketBody({ corrects_ticket_id: wrong.id }),
    );
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().fields.void_reason).toBeTruthy();
    const fixed = await newTicket({
      corrects_ticket_id: wrong.id,
      void_reason: 'La tara quedó mal digitada.',
      lines: [{ material: 'carton', gross_kg: '3,5', tare_kg: '0,7' }],
    });
    expect(fixed.corrects?.number).toBe(wrong.number);
    const old = (await inject('GET', `${R}/organizations/${org.id}/tickets/${wrong.id}`, coordinator.headers)).json<{
      data: Ticket;
    }>().data;
    expect(old).toMatchObject({ status: 'anulado', void_reason: 'La tara quedó mal digitada.' });
    expect(old.voided_by?.number).toBe(fixed.number);
    // A voided ticket cannot be confirmed.
    expect((await inject('POST', `${ME}/tickets/${wrong.id}/confirm`, recycler.headers)).statusCode).toBe(409);
  });

  it('gives a tagged PDF in es-CO with the number and the lines', async () => {
    const ticket = await newTicket();
    const res = await inject('GET', `${R}/organizations/${org.id}/tickets/${ticket.id}/pdf`, coordinator.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toContain('/Lang (es-CO)');
    expect(raw).toContain('/MarkInfo');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(ticket.number);
    expect(text).toContain('3,5 kg');
    const mine = await inject('GET', `${ME}/tickets/${ticket.id}/pdf`, recycler.headers);
    expect(mine.statusCode).toBe(200);
  });
});

describe('stock and sales', () => {
  it('counts stock as weighed − rejects − sold, voided tickets left out', async () => {
    const stock = (await stockOf('carton'))!;
    expect(stock.stock_kg).toBeCloseTo(stock.weighed_kg - stock.reject_kg - stock.sold_kg, 2);
    expect(stock.weighed_kg).toBeGreaterThan(0);
  });

  it('records a sale with a NIT and its check digit, kg and prices as typed, VAT computed', async () => {
    const before = (await stockOf('carton'))!.stock_kg;
    const res = await inject('POST', `${R}/organizations/${org.id}/sales`, coordinator.headers, saleBody());
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json<{ data: Sale }>().data;
    expect(sale).toMatchObject({ buyer_id_number: '800197268-4', total_kg: 1.5, value_before_vat: 675, vat: 128.25 });
    expect((await stockOf('carton'))!.stock_kg).toBeCloseTo(before - 1.5, 2);
  });

  it('refuses a NIT with a wrong check digit and a bad CUFE, on their fields', async () => {
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/sales`,
      coordinator.headers,
      saleBody({ buyer_id_number: '800197268-1', cufe: 'xyz' }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['buyer_id_number', 'cufe']);
  });

  it('refuses a sale beyond stock with a Spanish message naming the kilos', async () => {
    const left = (await stockOf('carton'))!.stock_kg;
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/sales`,
      coordinator.headers,
      saleBody({ lines: [{ material: 'carton', kg: left + 10, price_per_kg: 450 }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('recycler-sale-over-stock');
    expect(res.json().fields['lines.0.kg']).toMatch(/La venta supera el inventario de la ECA/);
  });

  it('lets only one of two concurrent sales of the last kilos pass', async () => {
    const left = (await stockOf('carton'))!.stock_kg;
    expect(left).toBeGreaterThan(0);
    const body = () => saleBody({ lines: [{ material: 'carton', kg: left, price_per_kg: 400 }] });
    const results = await Promise.all([
      inject('POST', `${R}/organizations/${org.id}/sales`, coordinator.headers, body()),
      inject('POST', `${R}/organizations/${org.id}/sales`, coordinator.headers, body()),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await stockOf('carton'))!.stock_kg).toBe(0);
  });

  it('lists the sales of the organisation, not to other managers', async () => {
    const res = await inject('GET', `${R}/organizations/${org.id}/sales`, coordinator.headers);
    expect(res.json<{ data: Sale[] }>().data.length).toBeGreaterThanOrEqual(2);
    expect((await inject('GET', `${R}/organizations/${org.id}/sales`, otherManager.headers)).statusCode).toBe(404);
  });
});

describe('correcting a sale', () => {
  async function newSale(overrides: Record<string, unknown> = {}): Promise<Sale> {
    const res = await inject('POST', `${R}/organizations/${org.id}/sales`, coordinator.headers, saleBody(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: Sale }>().data;
  }
  const put = (id: number, body: object, headers = coordinator.headers) =>
    inject('PUT', `${R}/organizations/${org.id}/sales/${id}`, headers, body);

  it('corrects buyer, invoice and lines, its own previous kilos counting as stock, audited with before and after', async () => {
    await newTicket();
    const sale = await newSale({ lines: [{ material: 'carton', kg: 2, price_per_kg: 400 }] });
    const left = (await stockOf('carton'))!.stock_kg;
    const body = saleBody({
      buyer_id_type: 'CC',
      buyer_id_number: '71.234.567',
      buyer_name: 'Don Jairo Chatarrería',
      invoice_number: `FE-CORR-${sale.id}`,
      lines: [{ material: 'carton', kg: String(left + 2).replace('.', ','), price_per_kg: '500', vat_rate: 0 }],
    });
    const res = await put(sale.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Sale }>().data).toMatchObject({
      id: sale.id,
      buyer_id_type: 'CC',
      buyer_name: 'Don Jairo Chatarrería',
      invoice_number: `FE-CORR-${sale.id}`,
      total_kg: Math.round((left + 2) * 100) / 100,
    });
    expect((await stockOf('carton'))!.stock_kg).toBe(0);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['before_json', 'after_json'])
      .where('entity', '=', 'recycler_sale')
      .where('action', '=', 'update')
      .where('entity_id', '=', String(sale.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ buyer_id_type: 'NIT', total_kg: 2 });
    expect(JSON.parse(audit.after_json!)).toMatchObject({ buyer_name: 'Don Jairo Chatarrería' });
  });

  it('refuses a correction beyond stock on its line, and lets only one of two concurrent corrections take the last kilos', async () => {
    await newTicket();
    const a = await newSale({ lines: [{ material: 'carton', kg: 1, price_per_kg: 400 }] });
    const b = await newSale({ lines: [{ material: 'carton', kg: 1, price_per_kg: 400 }] });
    const left = (await stockOf('carton'))!.stock_kg;
    expect(left).toBeGreaterThan(0);
    const over = await put(a.id, saleBody({ invoice_number: a.invoice_number, lines: [{ material: 'carton', kg: left + 1.5, price_per_kg: 400 }] }));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('recycler-sale-over-stock');
    expect(over.json().fields['lines.0.kg']).toMatch(/La venta supera el inventario de la ECA/);
    const results = await Promise.all(
      [a, b].map((s) => put(s.id, saleBody({ invoice_number: s.invoice_number, lines: [{ material: 'carton', kg: left + 1, price_per_kg: 400 }] }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await stockOf('carton'))!.stock_kg).toBe(0);
  });

  it('refuses with 409 a sale of a month filed with the SUI, or moving into one: the correction goes in next month’s file', async () => {
    const today = bogotaDate(new Date());
    const lastDayBefore = new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await newTicket();
    const filedSale = await newSale({ invoice_date: lastDayBefore, lines: [{ material: 'carton', kg: 0.5, price_per_kg: 400 }] });
    const openSale = await newSale({ lines: [{ material: 'carton', kg: 0.5, price_per_kg: 400 }] });
    await t.app.db
      .insertInto('sui_filings')
      .values({ organization_id: org.id, month: lastDayBefore.slice(0, 7), code_version: 1, files: '{}', filed_by: null, filed_at: new Date().toISOString() })
      .execute();
    const res = await put(filedSale.id, saleBody({ invoice_number: filedSale.invoice_number, invoice_date: lastDayBefore, buyer_name: 'Otro comprador' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'recycler-sale-month-filed',
      message:
        'Esta venta es de un mes ya reportado al SUI y cerrado: no se puede corregir aquí. Registra la corrección en el archivo del mes siguiente.',
    });
    const moved = await put(openSale.id, saleBody({ invoice_number: openSale.invoice_number, invoice_date: lastDayBefore }));
    expect(moved.statusCode).toBe(409);
    const kept = (await inject('GET', `${R}/organizations/${org.id}/sales`, coordinator.headers))
      .json<{ data: Sale[] }>()
      .data.find((s) => s.id === filedSale.id)!;
    expect(kept.buyer_name).toBe('Comercializadora de Reciclables S.A.S.');
  });

  it('refuses another sale’s invoice number on its field, an unknown sale, and other managers before the body', async () => {
    await newTicket();
    const a = await newSale({ lines: [{ material: 'carton', kg: 0.5, price_per_kg: 400 }] });
    const b = await newSale({ lines: [{ material: 'carton', kg: 0.5, price_per_kg: 400 }] });
    const twin = await put(b.id, saleBody({ invoice_number: a.invoice_number, lines: [{ material: 'carton', kg: 0.5, price_per_kg: 400 }] }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().fields.invoice_number).toBeTruthy();
    expect((await put(99999999, saleBody({ lines: [{ material: 'carton', kg: 0.1, price_per_kg: 400 }] }))).statusCode).toBe(404);
    expect((await put(a.id, {}, otherManager.headers)).statusCode).toBe(404);
  });
});
