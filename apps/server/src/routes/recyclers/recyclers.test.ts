import type { MemberCard, Organization, OrganizationSummary, RecyclerVerification } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { uploadImage } from '../../../test/factories/files.js';
import { assignManagers, createPoints } from '../../../test/factories/points.js';
import { createActor, createBearerUser, type Actor } from '../../../test/factories/users.js';

/**
 * Organisations of recicladores through the API, on the database under test: staff create them,
 * link ECAs and name coordinators; coordinators run routes and members; anyone checks an id card.
 * Who may do what, bad input answered in Spanish with its field, and the audit trail.
 */

const R = '/back/api/v1/recyclers';
const A = '/back/api/v1/admin/recyclers';
let t: TestApp;
let staff: { headers: Record<string, string> };
let coordinator: Actor;
let otherManager: Actor;
let household: Actor;
let ecaId: number;
let secondEcaId: number;
let otherEcaId: number;
let plainPointId: number;
let org: Organization;

const ORG = {
  name: 'Asociación de Recicladores Prueba',
  nit: '900.123.456-8',
  rups_id: '12345',
  regime: 'decreto-1381-2024',
  regime_stage: 2,
};
const MEMBER = {
  id_type: 'CC',
  id_number: '1.017.234.567',
  name: 'María Elena Gómez',
  birth_date: '1975-04-12',
  id_issue_date: '1993-05-20',
  phone: '310 555 7788',
  address: 'Calle 45 # 70-12',
  municipality_dane: '05001',
  vehicle_type: 'carreta',
  plate: null,
  data_consent: true,
};

function inject(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createBearerUser(t.app.db, t.config.tokenSecret, { is_admin: true });
  coordinator = await createActor(t.app, { tc_id: 1, name: 'Coordinadora ECA' });
  otherManager = await createActor(t.app, { tc_id: 1, name: 'Otro gestor' });
  household = await createActor(t.app, { tc_id: 2 });
  [ecaId, secondEcaId, otherEcaId, plainPointId] = (await createPoints(t.app.db, [
    { name: 'ECA Prueba Norte', kind: 'eca', lat: 6.25, lng: -75.58, materials: ['carton'] },
    { name: 'ECA Prueba Sur', kind: 'eca', lat: 6.2, lng: -75.6, materials: ['carton'] },
    { name: 'ECA de otra organización', kind: 'eca', lat: 6.3, lng: -75.55, materials: ['pet'] },
    { name: 'Punto limpio', kind: 'punto-limpio', lat: 6.21, lng: -75.57, materials: ['pet'] },
  ])) as [number, number, number, number];
  await assignManagers(t.app.db, [
    { pointId: ecaId, userId: coordinator.id },
    { pointId: otherEcaId, userId: otherManager.id },
  ]);
});

afterAll(() => t?.close());

describe('organisations (staff)', () => {
  it('lets staff create an organisation, its NIT stored with the check digit', async () => {
    const res = await inject('POST', `${A}/organizations`, staff.headers, ORG);
    expect(res.statusCode, res.body).toBe(201);
    org = res.json<{ data: Organization }>().data;
    expect(org).toMatchObject({
      name: ORG.name,
      nit: '900123456-8',
      rups_id: '12345',
      regime: 'decreto-1381-2024',
      regime_stage: 2,
    });
  });

  it('rejects a NIT with a wrong check digit, in Spanish, on its field', async () => {
    const res = await inject('POST', `${A}/organizations`, staff.headers, { ...ORG, nit: '900123456-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.nit).toMatch(/dígito de verificación/);
  });

  it('rejects a stage beyond the regime and a missing name', async () => {
    const res = await inject('POST', `${A}/organizations`, staff.headers, {
      ...ORG,
      name: '',
      regime_stage: 9,
      nit: '800197268-4',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['name', 'regime_stage']);
  });

  it('refuses a second organisation with the same NIT', async () => {
    const res = await inject('POST', `${A}/organizations`, staff.headers, { ...ORG, nit: '900123456-8' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('recycler-nit-in-use');
  });

  it('keeps households and managers out of the back office', async () => {
    expect((await inject('POST', `${A}/organizations`, household.headers, ORG)).statusCode).toBe(403);
    expect((await inject('POST', `${A}/organizations`, coordinator.headers, ORG)).statusCode).toBe(403);
  });

  it('links only active points of kind ECA, each to one organisation', async () => {
    const wrong = await inject('POST', `${R}/organizations/${org.id}/ecas`, staff.headers, { point_id: plainPointId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.point_id).toMatch(/ECA/);
    const ok = await inject('POST', `${R}/organizations/${org.id}/ecas`, staff.headers, { point_id: ecaId });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<{ data: Organization }>().data.ecas.map((e) => e.name)).toEqual(['ECA Prueba Norte']);
    const other = await inject('POST', `${A}/organizations`, staff.headers, {
      ...ORG,
      name: 'Otra asociación',
      nit: '800197268-4',
    });
    const taken = await inject('POST', `${R}/organizations/${other.json().data.id}/ecas`, staff.headers, {
      point_id: ecaId,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('recycler-eca-taken');
  });

  it('names as coordinator only a point manager of one of its ECAs', async () => {
    const notManager = await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, {
      email: household.email,
    });
    expect(notManager.statusCode).toBe(400);
    expect(notManager.json().fields.email).toMatch(/responsable de punto/);
    const elsewhere = await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, {
      email: otherManager.email,
    });
    expect(elsewhere.statusCode).toBe(400);
    const ok = await inject('POST', `${A}/organizations/${org.id}/coordinators`, staff.headers, {
      email: coordinator.email,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: Organization }>().data.coordinators.map((c) => c.id)).toEqual([coordinator.id]);
  });

  it('audits what staff did', async () => {
    const res = await inject(
      'GET',
      '/back/api/v1/admin/audit?entity=recycler_organization&page_size=50',
      staff.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const actions = res
      .json<{ data: { items: { action: string; entity_id: string }[] } }>()
      .data.items.filter((i) => String(i.entity_id) === String(org.id))
      .map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'add-coordinator']));
  });
});

describe('the coordinator runs the organisation', () => {
  it('sees only the organisations they coordinate', async () => {
    const mine = await inject('GET', `${R}/organizations`, coordinator.headers);
    expect(mine.json<{ data: OrganizationSummary[] }>().data.map((o) => o.id)).toEqual([org.id]);
    const theirs = await inject('GET', `${R}/organizations`, otherManager.headers);
    expect(theirs.json<{ data: OrganizationSummary[] }>().data).toEqual([]);
    expect((await inject('GET', `${R}/organizations/${org.id}`, otherManager.headers)).statusCode).toBe(404);
    expect((await inject('GET', `${R}/organizations/${org.id}`, household.headers)).statusCode).toBe(403);
  });

  it('refuses another manager before reading the body', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, otherManager.headers, {
      numacro: 'x',
    });
    expect(res.statusCode).toBe(404);
  });

  it('links an ECA only when it manages it', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/ecas`, coordinator.headers, {
      point_id: secondEcaId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.point_id).toMatch(/gestionas/);
  });

  it('adds a service area and fills the ECA registration fields', async () => {
    const area = await inject('POST', `${R}/organizations/${org.id}/service-areas`, coordinator.headers, {
      nuap: '2001',
      name: 'Medellín comunas 10 y 11',
      municipality_dane: '05001',
    });
    expect(area.statusCode, area.body).toBe(201);
    const areaId = area.json<{ data: Organization }>().data.service_areas[0]!.id;
    const badDane = await inject('POST', `${R}/organizations/${org.id}/service-areas`, coordinator.headers, {
      nuap: '2002',
      name: 'Bello',
      municipality_dane: '5088',
    });
    expect(badDane.statusCode).toBe(400);
    expect(badDane.json().fields.municipality_dane).toMatch(/DANE/);
    const eca = {
      nueca: '5001001',
      service_area_id: areaId,
      operation_start: '2019-03-01',
      ownership: 1,
      contract: 1,
      capacity_t_month: 120,
      storage_m3: 300,
      storage_t: 40,
      land_use_compatible: true,
      land_use_kind: 'Comercial e industrial',
      status: 1,
      status_date: '2019-03-01',
    };
    const bad = await inject('PUT', `${R}/organizations/${org.id}/ecas/${ecaId}`, coordinator.headers, {
      ...eca,
      ownership: 7,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.ownership).toMatch(/códigos del SUI/);
    const res = await inject('PUT', `${R}/organizations/${org.id}/ecas/${ecaId}`, coordinator.headers, eca);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Organization }>().data.ecas[0]).toMatchObject({ ...eca, point_id: ecaId });
    const notOurs = await inject('PUT', `${R}/organizations/${org.id}/ecas/${otherEcaId}`, coordinator.headers, eca);
    expect(notOurs.statusCode).toBe(404);
  });

  it('adds macro-routes with unique NUMACRO and micro-routes with days, hours and km', async () => {
    const macro = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, coordinator.headers, {
      numacro: '101',
      name: 'Laureles – Estadio',
    });
    expect(macro.statusCode, macro.body).toBe(201);
    const macroId = macro.json<{ data: Organization }>().data.macro_routes[0]!.id;
    const twin = await inject('POST', `${R}/organizations/${org.id}/macro-routes`, coordinator.headers, {
      numacro: '101',
      name: 'Otra',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().fields.numacro).toBeTruthy();
    const micro = {
      name: 'Laureles primer parque',
      days: ['mo', 'we', 'fr'],
      start_time: '06:00',
      end_time: '11:30',
      km: 8.5,
      eca_point_id: ecaId,
    };
    const backwards = await inject(
      'POST',
      `${R}/organizations/${org.id}/macro-routes/${macroId}/micro-routes`,
      coordinator.headers,
      {
        ...micro,
        end_time: '05:00',
        days: [],
      },
    );
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().fields).sort()).toEqual(['days', 'end_time']);
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/macro-routes/${macroId}/micro-routes`,
      coordinator.headers,
      micro,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: Organization }>().data.macro_routes[0]!.micro_routes[0]).toMatchObject(micro);
  });
});

describe('members and their id cards', () => {
  let memberId: number;
  let card: MemberCard;
  let recycler: Actor;

  it('records a member without an account, with the data consent', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, MEMBER);
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json().data;
    expect(member).toMatchObject({
      id_number: '1017234567',
      phone: '3105557788',
      status: 'activo',
      account: null,
      plate: null,
    });
    memberId = member.id;
  });

  it('answers each wrong field in Spanish and writes nothing', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '1017234568',
      birth_date: '2015-01-01',
      vehicle_type: 'carreta',
      plate: 'ABC123',
      data_consent: false,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['birth_date', 'data_consent', 'id_issue_date', 'plate']);
    expect(res.json().fields.plate).toMatch(/no llevan placa/);
    const motor = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '1017234569',
      vehicle_type: 'motocarro',
    });
    expect(motor.statusCode).toBe(400);
    expect(motor.json().fields.plate).toMatch(/lleva placa/);
    const nit = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_type: 'NIT',
      id_number: '900123456-1',
    });
    expect(nit.statusCode).toBe(400);
    expect(nit.json().fields.id_number).toBeTruthy();
    const list = await inject('GET', `${R}/organizations/${org.id}/members`, coordinator.headers);
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses the same document twice in the organisation', async () => {
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '1017234567',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('recycler-member-duplicate');
  });

  it('links a member to an account by e-mail, and a motocarro needs its plate', async () => {
    recycler = await createActor(t.app, { tc_id: 2, name: 'Reciclador con celular' });
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '71234567',
      name: 'Jorge Restrepo',
      vehicle_type: 'motocarro',
      plate: '123-abc',
      account_email: recycler.email,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ plate: '123ABC', account: { id: recycler.id } });
  });

  it('gives the card with the QR of its public check, and the card as a PDF', async () => {
    const res = await inject('GET', `${R}/organizations/${org.id}/members/${memberId}/card`, coordinator.headers);
    expect(res.statusCode, res.body).toBe(200);
    card = res.json<{ data: MemberCard }>().data;
    expect(card.organization.name).toBe(ORG.name);
    expect(card.verify_url).toMatch(new RegExp(`/verificar-reciclador/${card.code}$`));
    expect(card.qr_svg).toMatch(/^<svg/);
    const pdf = await inject('GET', `${R}/organizations/${org.id}/members/${memberId}/card.pdf`, coordinator.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lets anyone check a card: valid, then suspended, and the same 404 for unknown codes', async () => {
    const valid = await inject('GET', `/back/api/v1/recycler-verifications/${card.code}`, {});
    expect(valid.statusCode).toBe(200);
    expect(valid.json<{ data: RecyclerVerification }>().data).toEqual({
      status: 'valid',
      name: MEMBER.name,
      photo_url: null,
      organization: ORG.name,
    });
    const suspend = await inject('PATCH', `${R}/organizations/${org.id}/members/${memberId}`, coordinator.headers, {
      status: 'suspendido',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const suspended = await inject('GET', `/back/api/v1/recycler-verifications/${card.code}`, {});
    expect(suspended.json().data.status).toBe('suspended');
    for (const code of ['AAAAAAAAAAAAAAAA', 'corto']) {
      const unknown = await inject('GET', `/back/api/v1/recycler-verifications/${code}`, {});
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('recycler-card-not-found');
    }
  });

  it('shows the photo the coordinator uploaded on the card, the public check and the PDF', async () => {
    const photoId = await uploadImage(t.app, coordinator, { kind: 'image', size: { width: 240, height: 300 } });
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '43111222',
      name: 'Rosa Elvira Cano',
      photo_id: photoId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json().data;
    expect(member.photo_url).toBe(`/back/api/v1/files/${photoId}`);
    const withPhoto = (
      await inject('GET', `${R}/organizations/${org.id}/members/${member.id}/card`, coordinator.headers)
    ).json<{
      data: MemberCard;
    }>().data;
    const check = await inject('GET', `/back/api/v1/recycler-verifications/${withPhoto.code}`, {});
    expect(check.json().data.photo_url).toBe(member.photo_url);
    const plain = await inject('GET', `${R}/organizations/${org.id}/members/${memberId}/card.pdf`, coordinator.headers);
    const pdf = await inject('GET', `${R}/organizations/${org.id}/members/${member.id}/card.pdf`, coordinator.headers);
    expect(pdf.statusCode).toBe(200);
    // The photo is embedded as one more image object beside the QR.
    const images = (buf: Buffer) => (buf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    expect(images(pdf.rawPayload)).toBe(images(plain.rawPayload) + 1);
  });

  it('refuses a photo another account uploaded', async () => {
    const photoId = await uploadImage(t.app, household, { kind: 'image' });
    const res = await inject('POST', `${R}/organizations/${org.id}/members`, coordinator.headers, {
      ...MEMBER,
      id_number: '43111333',
      photo_id: photoId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.photo_id).toBeTruthy();
  });

  it('checks a change against the whole member (a plate on a cart)', async () => {
    const res = await inject('PATCH', `${R}/organizations/${org.id}/members/${memberId}`, coordinator.headers, {
      plate: 'ABC123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.plate).toMatch(/no llevan placa/);
  });

  it('reissues a card: the old code stops verifying', async () => {
    const res = await inject(
      'POST',
      `${R}/organizations/${org.id}/members/${memberId}/card/reissue`,
      coordinator.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.code).not.toBe(card.code);
    expect((await inject('GET', `/back/api/v1/recycler-verifications/${card.code}`, {})).statusCode).toBe(404);
  });

  it('keeps other managers and households out of the members', async () => {
    expect((await inject('GET', `${R}/organizations/${org.id}/members`, otherManager.headers)).statusCode).toBe(404);
    expect(
      (await inject('GET', `${R}/organizations/${org.id}/members/${memberId}/card`, otherManager.headers)).statusCode,
    ).toBe(404);
    expect((await inject('GET', `${R}/organizations/${org.id}/members`, household.headers)).statusCode).toBe(403);
    expect((await inject('GET', `${R}/organizations/${org.id}/members`, {})).statusCode).toBe(401);
  });

  it('gives a member with an account their record in their data export, and unlinks it when they delete the account', async () => {
    const exported = await inject('GET', '/back/api/v1/me/export', recycler.headers);
    expect(exported.statusCode, exported.body).toBe(200);
    const section = exported.json().data.sections.recyclers;
    expect(section.memberships).toHaveLength(1);
    expect(section.memberships[0]).toMatchObject({ name: 'Jorge Restrepo', organization: ORG.name, plate: '123ABC' });
    expect(section.memberships[0].card_code).toBeUndefined();
    const deleted = await inject('DELETE', '/back/api/v1/me', recycler.headers, { password: recycler.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const list = await inject('GET', `${R}/organizations/${org.id}/members?q=restrepo`, coordinator.headers);
    expect(list.json().data).toEqual([expect.objectContaining({ name: 'Jorge Restrepo', account: null })]);
  });

  it('audits the coordinator’s changes to members', async () => {
    const res = await inject('GET', '/back/api/v1/admin/audit?entity=recycler_member&page_size=50', staff.headers);
    const items = res.json<{ data: { items: { action: string; actor: { id: number } | null }[] } }>().data.items;
    expect(items.map((i) => i.action)).toEqual(expect.arrayContaining(['create', 'update', 'reissue-card']));
    expect(items.every((i) => i.actor?.id === coordinator.id)).toBe(true);
  });
});
