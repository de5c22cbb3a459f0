import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  SUI_FORM_COLUMNS,
  suiWeekOfMonth,
  type Organization,
  type RecyclerDashboard,
  type Scale,
  type SuiCodeTable,
  type SuiFiling,
  type SuiPreflight,
  type Ticket,
} from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bogotaDate } from '../../features/requests/pickup-calendar.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { assignManagers, createPoints } from '../../../test/factories/points.js';
import { createActor, createBearerUser, type Actor } from '../../../test/factories/users.js';

/**
 * The monthly SUI filing through the API, on the database under test: the pre-flight lists what
 * the SUI's validator would refuse with a link to fix each, the five CSV files follow the annex's
 * columns and codes (as spec/recicladores.md describes them), the same month exported twice is
 * byte-identical, a filed month is locked and a later ticket goes into the next month's file;
 * and the coordinator's dashboard.
 */

const R = '/back/api/v1/recyclers';
const A = '/back/api/v1/admin/recyclers';
const S = '/back/api/v1/sui';

/**
 * The annex as spec/recicladores.md describes it (checked against the spec below when the
 * steering folder is beside the repository).
 */
const SPEC = {
  balanceColumns: 11,
  idTypes: { CC: 1, CE: 2, PP: 3, NIT: 4 },
  rejectDestinations: [1, 2],
  materialCodes:
    '101 aluminio, 102 chatarra, 103 cobre, 104 bronce, 105 antimonio, 106 acero, 199 otros metales; 201 archivo, 202 cartón, 203 cubetas/paneles, 204 periódico, 205 plegadiza, 206 Tetra Pak, 207 plastificado, 208 kraft, 299 otros; 301 acrílico, 302 pasta, 303 PET, 304 PVC, 305 plástico blanco, 306 polietileno, 307 soplado, 308 polipropileno, 399 otros; 499 otros vidrios; 599 otros textiles; 699 otros maderables',
  salesFields: 22,
  memberFields: 12,
  ecaFields: 15,
};
const specCodes = [...SPEC.materialCodes.matchAll(/(\d{3}) /g)].map((m) => Number(m[1]));

let t: TestApp;
let staff: { headers: Record<string, string> };
let coordinator: Actor;
let otherManager: Actor;
let recycler: Actor;
let ecaId: number;
let org: Organization;
let memberId: number;
let scale: Scale;
let macroId: number;
let areaId: number;
const month = bogotaDate(new Date()).slice(0, 7);

function inject(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const q = () => `organization_id=${org.id}&month=${month}`;
const csvRows = (body: string) =>
  body
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));

async function preflight(): Promise<SuiPreflight> {
  const res = await inject('GET', `${S}/preflight?${q()}`, coordinator.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SuiPreflight }>().data;
}

async function newTicket(overrides: Record<string, unknown> = {}): Promise<Ticket> {
  const res = await inject('POST', `${R}/organizations/${org.id}/tickets`, coordinator.headers, {
    eca_point_id: ecaId,
    scale_id: scale.id,
    member_id: memberId,
    macro_route_id: macroId,
    lines: [
      { material: 'carton', gross_kg: '103,5', tare_kg: '3,5', reject_kg: '30' },
      { material: 'pet', gross_kg: '12,25', tare_kg: '0,5', reject_kg: '0,75' },
    ],
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Ticket }>().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  coordinator = await createActor(t.app, { tc_id: 1, name: 'Coordinadora SUI' });
  otherManager = await createActor(t.app, { tc_id: 1, name: 'Gestor ajeno' });
  recycler = await createActor(t.app, { tc_id: 2, name: 'Reciclador SUI' });
  [ecaId] = (await createPoints(t.app.db, [
    { name: 'ECA SUI Prueba', kind: 'eca', lat: 6.2446, lng: -75.5916, materials: ['carton', 'pet'] },
  ])) as [number];
  await assignManagers(t.app.db, [{ pointId: ecaId, userId: coordinator.id }]);
  org = (
    await inject('POST', `${A}/organizations`, staff.headers, {
      name: 'Asociación SUI Prueba',
      nit: '900.123.456-8',
      rups_id: null,
      regime: 'decreto-1381-2024',
      regime_stage: 2,
    })
  ).json<{ data: Organization }>().data;
  expect((await inject('POST', `${R}/organizations/${org.id}/ecas`, staff.headers, { point_id: ecaId })).statusCode).toBe(201);
  await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, { email: coordinator.email });
  const area = await inject('POST', `${R}/organizations/${org.id}/service-areas`, coordinator.headers, {
    nuap: '5001001',
    name: 'Medellín urbana',
    municipality_dane: '05001',
  });
  areaId = area.json<{ data: Organization }>().data.service_areas[0]!.id;
  const macro = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, coordinator.headers, {
    numacro: '101',
    name: 'Laureles',
    service_area_id: areaId,
  });
  macroId = macro.json<{ data: Organization }>().data.macro_routes[0]!.id;
  const member = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
    id_type: 'CC',
    id_number: '43512876',
    name: 'Recicladora, de "Prueba"',
    birth_date: '1975-04-12',
    id_issue_date: '1993-05-20',
    phone: '3001234567',
    address: 'Cra 70 # 44-10',
    municipality_dane: '05001',
    vehicle_type: 'carreta',
    plate: null,
    data_consent: true,
    account_email: recycler.email,
  });
  expect(member.statusCode, member.body).toBe(201);
  memberId = member.json<{ data: { id: number } }>().data.id;
  scale = (
    await inject('POST', `${R}/organizations/${org.id}/ecas/${ecaId}/scales`, coordinator.headers, {
      serial: 'SUI-001',
      capacity_kg: 1500,
      division_g: 200,
      certificate_number: 'SIC-1',
      certificate_expires_on: bogotaDate(new Date(Date.now() + 10 * 86_400_000)),
    })
  ).json<{ data: Scale }>().data;
  await newTicket();
  await newTicket({ macro_route_id: null, lines: [{ material: 'carton', gross_kg: 5, tare_kg: 0, reject_kg: 0 }] });
  const sale = await inject('POST', `${R}/organizations/${org.id}/sales`, coordinator.headers, {
    eca_point_id: ecaId,
    buyer_id_type: 'NIT',
    buyer_id_number: '800.197.268-4',
    buyer_name: 'Comercializadora, Reciclables S.A.S.',
    invoice_number: 'FE-1001',
    invoice_date: bogotaDate(new Date()),
    cufe: null,
    lines: [{ material: 'carton', kg: '50,5', price_per_kg: '450', vat_rate: 19 }],
  });
  expect(sale.statusCode, sale.body).toBe(201);
}, 60_000);

afterAll(() => t?.close());

describe('the annex as the spec describes it', () => {
  it('keeps the spec text this suite checks against', () => {
    const spec = resolve(process.cwd(), '../../../shared/spec/recicladores.md');
    if (!existsSync(spec)) return; // the steering folder is beside the repository in CI and on the main checkout
    const text = readFileSync(spec, 'utf8').replace(/\s+/g, ' ');
    // The spec names each family ("metals 101 aluminio, …"): the code and name pairs are compared.
    const pairs = (list: string) => [...list.matchAll(/(\d{3}) ([^,;.]+)/g)].map((m) => `${m[1]} ${m[2]!.trim()}`);
    const codes = text.slice(text.indexOf('**Material codes**'), text.indexOf("Each of the app's materials"));
    expect(pairs(codes)).toEqual(pairs(SPEC.materialCodes));
    expect(text).toContain('**Balance de masas** (11 columns');
    expect(text).toContain('1 CC, 2 CE, 3 pasaporte, 4 NIT');
    expect(text).toContain('1 landfill, 2 transfer station');
  });

  it('publishes every material code of the spec as version 1, and maps the app materials to them', async () => {
    const res = await inject('GET', `${S}/material-codes`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json<{ data: SuiCodeTable }>().data;
    expect(table.codes.map((c) => c.code)).toEqual(specCodes);
    const code = (m: string) => table.mapping.find((x) => x.material === m)?.sui_code;
    expect([code('carton'), code('pet'), code('aluminio'), code('vidrio'), code('multicapa')]).toEqual([202, 303, 101, 499, 206]);
    expect(code('organicos')).toBeNull();
    expect(SUI_FORM_COLUMNS['balance-masas']).toHaveLength(SPEC.balanceColumns);
  });
});

describe('pre-flight', () => {
  it('lists what the SUI validator would refuse, each with a link to fix it', async () => {
    // A member recorded before the id rules existed.
    await t.app.db.updateTable('recycler_members').set({ id_number: '12' }).where('id', '=', memberId).execute();
    // Staff drop the PET mapping: its kilos have no SUI code.
    expect((await inject('PUT', `${S}/material-codes/map/pet`, staff.headers, { sui_code: null })).statusCode).toBe(200);
    const p = await preflight();
    expect(p.filed).toBe(false);
    const kinds = p.issues.map((i) => i.kind).sort();
    expect(kinds).toEqual(
      ['eca-nueca', 'eca-service-area', 'material-unmapped', 'member-id', 'sale-cufe', 'settings-rejects', 'ticket-macro-route'].sort(),
    );
    const byKind = Object.fromEntries(p.issues.map((i) => [i.kind, i]));
    expect(byKind['sale-cufe']).toMatchObject({ label: 'FE-1001', fix_path: `/app/tabs/recyclers/${org.id}?tab=sales` });
    expect(byKind['member-id']!.fix_path).toBe(`/app/tabs/recyclers/${org.id}?tab=members`);
    expect(byKind['ticket-macro-route']!.label).toMatch(/^TQ-\d{4}-\d{6}$/);
    expect(byKind['material-unmapped']!.message).toMatch(/PET.*código de material del SUI/);
    expect(p.rows['balance-masas']).toBeGreaterThan(0);
  });

  it('refuses to file a month whose pre-flight is not clean', async () => {
    const res = await inject('POST', `${S}/filings?${q()}`, coordinator.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sui-preflight-failed' });
  });

  it('is clean once each one is fixed', async () => {
    await t.app.db.updateTable('recycler_members').set({ id_number: '43512876' }).where('id', '=', memberId).execute();
    expect((await inject('PUT', `${S}/material-codes/map/pet`, staff.headers, { sui_code: 303 })).statusCode).toBe(200);
    const eca = await inject('PUT', `${R}/organizations/${org.id}/ecas/${ecaId}`, coordinator.headers, {
      nueca: '5001001001',
      service_area_id: areaId,
      operation_start: '2019-03-01',
      ownership: 1,
      contract: 1,
      capacity_t_month: 120,
      storage_m3: 300,
      storage_t: 40.5,
      land_use_compatible: true,
      land_use_kind: 'Industrial',
      status: 1,
      status_date: '2019-03-01',
    });
    expect(eca.statusCode, eca.body).toBe(200);
    const settings = await inject('PUT', `${S}/settings?organization_id=${org.id}`, coordinator.headers, {
      reject_destination: 1,
      reject_site_number: '5001000077',
      waste_origin: 1,
      area: 2,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // The ticket without a macro-route is corrected (voided by a new one that names it).
    const tickets = await inject('GET', `${R}/organizations/${org.id}/tickets`, coordinator.headers);
    const bad = tickets.json<{ data: Ticket[] }>().data.find((x) => x.macro_route === null)!;
    await newTicket({
      corrects_ticket_id: bad.id,
      void_reason: 'Faltaba la macroruta',
      lines: [{ material: 'carton', gross_kg: 5, tare_kg: 0, reject_kg: 0 }],
    });
    // The sale without CUFE is fixed in the data (sales are not edited through the API).
    await t.app.db.updateTable('recycler_sales').set({ cufe: 'c'.repeat(96) }).where('invoice_number', '=', 'FE-1001').execute();
    expect((await preflight()).issues).toEqual([]);
  });
});

describe('exports', () => {
  it('writes Balance de masas in the annex column order and codes, tonnes with up to 4 decimals', async () => {
    const res = await inject('GET', `${S}/balance-masas.csv?${q()}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="balance-masas-${month}.csv"`);
    const rows = csvRows(res.body);
    const week = String(suiWeekOfMonth(bogotaDate(new Date())));
    // Cartón: 100 kg + 5 kg net (the corrected ticket), 30 kg rejects; PET 11,75 kg net, 0,75 rejects.
    expect(rows).toEqual([
      ['5001001001', '101', week, String(SPEC.idTypes.CC), '43512876', '', '0.105', '202', '0.03', '1', '5001000077'],
      ['5001001001', '101', week, String(SPEC.idTypes.CC), '43512876', '', '0.0118', '303', '0.0008', '1', '5001000077'],
    ]);
    for (const r of rows) {
      expect(r).toHaveLength(SPEC.balanceColumns);
      expect(Number(r[2])).toBeGreaterThanOrEqual(1);
      expect(Number(r[2])).toBeLessThanOrEqual(5);
      expect(r[6]).toMatch(/^\d+(\.\d{1,4})?$/);
      expect(specCodes).toContain(Number(r[7]));
      expect(Number(r[8])).toBeLessThanOrEqual(Number(r[6]));
      expect(SPEC.rejectDestinations).toContain(Number(r[9]));
    }
  });

  it('writes Toneladas aprovechadas with the buyer, CUFE, material code, kg, tonnes and values', async () => {
    const res = await inject('GET', `${S}/toneladas-aprovechadas.csv?${q()}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    const [y, m] = month.split('-').map(Number);
    const [d1, m1, y1] = [bogotaDate(new Date()).slice(8, 10), bogotaDate(new Date()).slice(5, 7), bogotaDate(new Date()).slice(0, 4)];
    expect(res.body).toBe(
      `5001001001,${y},${m},4,800197268,4,FE-1001,${d1}-${m1}-${y1},${'c'.repeat(96)},"Comercializadora, Reciclables S.A.S.",202,50.5,0.0505,450,22725,4317.75,27042.75,05,05001,2,1,2\r\n`,
    );
    expect(SUI_FORM_COLUMNS['toneladas-aprovechadas']).toHaveLength(SPEC.salesFields);
  });

  it('writes Relación de miembros, quoting text with commas and quotes', async () => {
    const res = await inject('GET', `${S}/relacion-miembros.csv?${q()}`, coordinator.headers);
    expect(res.body).toBe('1,43512876,"Recicladora, de ""Prueba""",1,20-05-1993,12-04-1975,Cra 70 # 44-10,3001234567,2,,05,05001\r\n');
    expect(SUI_FORM_COLUMNS['relacion-miembros']).toHaveLength(SPEC.memberFields);
  });

  it('writes the ECA and macro-route registration files', async () => {
    const eca = await inject('GET', `${S}/registro-eca.csv?${q()}`, coordinator.headers);
    const [row] = csvRows(eca.body);
    expect(row).toHaveLength(SPEC.ecaFields);
    expect(row![0]).toBe('5001001');
    expect(row!.slice(3)).toEqual(['01-03-2019', '-75.5916', '6.2446', '1', '1', '120', '300', '40.5', '1', 'Industrial', '1', '01-03-2019']);
    const macros = await inject('GET', `${S}/registro-macrorutas.csv?${q()}`, coordinator.headers);
    expect(macros.body).toBe('5001001,101,Laureles\r\n');
  });

  it('gives byte-identical files when the same month is exported twice', async () => {
    for (const form of Object.keys(SUI_FORM_COLUMNS)) {
      const a = await inject('GET', `${S}/${form}.csv?${q()}`, coordinator.headers);
      const b = await inject('GET', `${S}/${form}.csv?month=${month}`, coordinator.headers);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
  });
});

describe('the month lock', () => {
  let filed: string;
  it('files a clean month, keeps its bytes and refuses filing it again', async () => {
    filed = (await inject('GET', `${S}/balance-masas.csv?${q()}`, coordinator.headers)).body;
    const res = await inject('POST', `${S}/filings?${q()}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: SuiFiling }>().data).toMatchObject({ month, filed_by: 'Coordinadora SUI' });
    const again = await inject('POST', `${S}/filings?${q()}`, coordinator.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'sui-month-filed', fields: { month: expect.any(String) } });
    expect((await preflight()).filed).toBe(true);
  });

  it('keeps the filed file as filed and puts a later ticket in the next month', async () => {
    await newTicket({ lines: [{ material: 'carton', gross_kg: 7, tare_kg: 0, reject_kg: 0 }] });
    const same = await inject('GET', `${S}/balance-masas.csv?${q()}`, coordinator.headers);
    expect(same.body).toBe(filed);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const later = await inject('GET', `${S}/balance-masas.csv?organization_id=${org.id}&month=${next}`, coordinator.headers);
    expect(csvRows(later.body)).toEqual([
      ['5001001001', '101', String(suiWeekOfMonth(bogotaDate(new Date()))), '1', '43512876', '', '0.007', '202', '0', '1', '5001000077'],
    ]);
  });
});

describe('authorization and bad input', () => {
  it('lets only the organisation coordinators and staff export; members are refused', async () => {
    expect((await inject('GET', `${S}/balance-masas.csv?${q()}`, staff.headers)).statusCode).toBe(200);
    expect((await inject('GET', `${S}/balance-masas.csv?${q()}`, otherManager.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${S}/balance-masas.csv?${q()}`, recycler.headers)).statusCode).toBe(403);
    expect((await inject('GET', `${S}/balance-masas.csv?${q()}`, {})).statusCode).toBe(401);
  });

  it('answers bad input in Spanish on its field', async () => {
    const bad = await inject('GET', `${S}/balance-masas.csv?organization_id=${org.id}&month=2026-13`, coordinator.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.month).toMatch(/AAAA-MM/);
    const staffWithout = await inject('GET', `${S}/preflight?month=${month}`, staff.headers);
    expect(staffWithout.statusCode).toBe(400);
    expect(staffWithout.json().fields.organization_id).toMatch(/organización/);
    const settings = await inject('PUT', `${S}/settings?organization_id=${org.id}`, coordinator.headers, {
      reject_destination: 7,
      reject_site_number: 'x',
      waste_origin: 1,
      area: 2,
    });
    expect(settings.statusCode).toBe(400);
    expect(Object.keys(settings.json().fields).sort()).toEqual(['reject_destination', 'reject_site_number']);
    const future = await inject('POST', `${S}/filings?organization_id=${org.id}&month=2999-01`, coordinator.headers);
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.month).toBeTruthy();
  });

  it('lets only staff change the material code table', async () => {
    const codes = await inject('POST', `${S}/material-codes`, coordinator.headers, { valid_from: '2030-01', note: 'x', codes: [] });
    expect(codes.statusCode).toBe(403);
    const map = await inject('PUT', `${S}/material-codes/map/pet`, coordinator.headers, { sui_code: 303 });
    expect(map.statusCode).toBe(403);
    const unknown = await inject('PUT', `${S}/material-codes/map/pet`, staff.headers, { sui_code: 998 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.sui_code).toMatch(/versión vigente/);
  });

  it('refuses a new version of the codes from a month already filed, in Spanish', async () => {
    const res = await inject('POST', `${S}/material-codes`, staff.headers, {
      valid_from: month,
      note: 'Desde un mes reportado',
      codes: [{ code: 202, name: 'Cartón', family: 'papel-carton' }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sui-code-version-month-filed', fields: { valid_from: expect.stringMatching(/reportó/) } });
    const table = await inject('GET', `${S}/material-codes`, coordinator.headers);
    expect(table.json<{ data: SuiCodeTable }>().data.version).toBe(1);
  });

  it('publishes a new version of the codes, used from its month on', async () => {
    const res = await inject('POST', `${S}/material-codes`, staff.headers, {
      valid_from: '2099-01',
      note: 'Anexo de prueba',
      codes: [{ code: 202, name: 'Cartón', family: 'papel-carton' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: SuiCodeTable }>().data).toMatchObject({ version: 2, valid_from: '2099-01' });
    const old = await inject('GET', `${S}/material-codes?month=${month}`, coordinator.headers);
    expect(old.json<{ data: SuiCodeTable }>().data.version).toBe(1);
    const early = await inject('POST', `${S}/material-codes`, staff.headers, {
      valid_from: '2098-01',
      note: 'Anterior',
      codes: [{ code: 202, name: 'Cartón', family: 'papel-carton' }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.valid_from).toBeTruthy();
  });
});

describe('dashboard', () => {
  it('sums kilos per material, recycler, micro- and macro-route, flags rejects over 20 % and expiring scales', async () => {
    const payout = await inject('POST', `${R}/organizations/${org.id}/payouts`, coordinator.headers, {
      member_id: memberId,
      month,
      amount_cop: 150000,
    });
    expect(payout.statusCode, payout.body).toBe(201);
    const res = await inject('GET', `${R}/organizations/${org.id}/dashboard?month=${month}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<{ data: RecyclerDashboard }>().data;
    expect(d.months).toHaveLength(6);
    expect(d.months[5]).toEqual({ month, weighed_kg: 123.75, rejected_kg: 30.75, sold_kg: 50.5 });
    expect(d.by_material.find((m) => m.material === 'carton')).toMatchObject({ weighed_kg: 112, rejected_kg: 30, sold_kg: 50.5 });
    expect(d.by_member).toEqual([
      { member_id: memberId, name: 'Recicladora, de "Prueba"', weighed_kg: 123.75, rejected_kg: 30.75, payouts_cop: 150000 },
    ]);
    expect(d.by_macro_route[0]).toMatchObject({ numacro: '101', over_limit: true });
    expect(d.by_macro_route[0]!.rejection_rate).toBeCloseTo(30.75 / 123.75, 4);
    expect(d.scales_expiring).toEqual([expect.objectContaining({ serial: 'SUI-001', days_left: expect.any(Number) })]);
    expect(d.scales_expiring[0]!.days_left).toBeGreaterThanOrEqual(9);
  });

  it("lists the month's payouts with the member's name, newest first", async () => {
    const second = await inject('POST', `${R}/organizations/${org.id}/payouts`, coordinator.headers, {
      member_id: memberId,
      month,
      amount_cop: 1250000.5,
      note: 'Segundo pago',
    });
    expect(second.statusCode, second.body).toBe(201);
    const res = await inject('GET', `${R}/organizations/${org.id}/payouts?month=${month}`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ member_id: memberId, member_name: 'Recicladora, de "Prueba"', amount_cop: 1250000.5, note: 'Segundo pago' }),
      expect.objectContaining({ member_id: memberId, amount_cop: 150000, note: null }),
    ]);
    expect((await inject('GET', `${R}/organizations/${org.id}/payouts?month=${month}`, staff.headers)).statusCode).toBe(200);
    const other = await inject('GET', `${R}/organizations/${org.id}/payouts?month=2001-01`, coordinator.headers);
    expect(other.json().data).toEqual([]);
    expect((await inject('GET', `${R}/organizations/${org.id}/payouts?month=${month}`, otherManager.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${R}/organizations/${org.id}/payouts?month=${month}`, recycler.headers)).statusCode).toBe(403);
    const bad = await inject('GET', `${R}/organizations/${org.id}/payouts?month=noviembre`, coordinator.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.month).toMatch(/AAAA-MM/);
  });

  it('is refused to another coordinator and to members', async () => {
    expect((await inject('GET', `${R}/organizations/${org.id}/dashboard`, otherManager.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${R}/organizations/${org.id}/dashboard`, recycler.headers)).statusCode).toBe(403);
    const bad = await inject('POST', `${R}/organizations/${org.id}/payouts`, coordinator.headers, {
      member_id: memberId,
      month: 'noviembre',
      amount_cop: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount_cop', 'month']);
  });
});
