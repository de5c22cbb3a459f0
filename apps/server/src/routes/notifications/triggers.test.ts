import { REGISTER_NOTIFICATIONS_PATH } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startPushStandIn, type PushStandIn } from '../../../test/push-stand-in.js';
import { nowIso } from '../../db/dialect.js';
import { createNotificationWorker } from '../../features/notifications/notification-worker.js';
import { bogotaInstant } from '../../features/notifications/quiet-hours.js';
import { createWebPushSender } from '../../features/notifications/web-push-sender.js';
import { getCatalogue } from '../../features/materials/materials.service.js';
import { addManager, insertContainer } from '../../features/points/points.repository.js';
import { notificationWorkerOf } from './index.js';
import { ADMIN_PQR_URL, filePqr, validPqr } from '../../../test/factories/pqr.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  type RequestsWorld,
  statusBody,
} from '../../../test/factories/requests.js';
import { type Actor, createUser, loginAs } from '../../../test/factories/users.js';

/** The features that write notification records get push delivery through them, with no code of their own. */

let t: TestApp;
let push: PushStandIn;
let w: RequestsWorld;

beforeAll(async () => {
  push = await startPushStandIn();
  t = await buildTestApp({ pushAllowLoopback: true });
  w = await buildRequestsWorld(t.app);
});
afterAll(async () => {
  await t.close();
  await push.stop();
});

async function subscribe(headers: { authorization: string }) {
  const { subscription, clientHash } = await push.subscribe(t.config.vapid.publicKey);
  await t.app.inject({ method: 'POST', url: REGISTER_NOTIFICATIONS_PATH, headers, payload: { data: { kind: 'webpush', subscription } } });
  await t.app.inject({ method: 'PUT', url: '/back/api/v1/notifications/preferences', headers, payload: { quiet_hours: { enabled: false, start: '21:00', end: '07:00' } } });
  return async () => (await push.messages(clientHash)).map((m) => JSON.parse(m) as Record<string, unknown>);
}

const list = async (who: Actor) =>
  (await t.app.inject({ method: 'GET', url: '/back/api/v1/notifications', headers: who.headers })).json().data;

describe('push for the notifications other features write', () => {
  it('tells the household when the point accepts its pickup request, naming it and linking to it', async () => {
    const received = await subscribe(w.householdA.headers);
    const request = await createRequest(t.app, w.householdA, { point_id: w.points.p1 });
    expect((await changeRequestStatus(t.app, w.manager1, request.id, statusBody('aceptada'))).statusCode).toBe(200);
    await notificationWorkerOf(t.app).runOnce();
    const [message] = await received();
    expect(message).toMatchObject({ kind: 'request', link: `/app/tabs/request/${request.id}` });
    expect(String(message!.title)).toContain(`#${request.id}`);
  });

  it('tells the point manager about a new request', async () => {
    const received = await subscribe(w.manager2.headers);
    const request = await createRequest(t.app, w.householdB, { point_id: w.points.p2 });
    await notificationWorkerOf(t.app).runOnce();
    expect(await received()).toContainEqual(expect.objectContaining({ kind: 'request', link: `/app/tabs/prequest/${request.id}` }));
  });

  it('tells the requester with an account when staff answer the PQR', async () => {
    const citizen = await createUser(t.app);
    const headers = await loginAs(t.app, citizen);
    const received = await subscribe(headers);
    const filed = await filePqr(t.app, validPqr({ email: citizen.email }), headers);
    expect(filed.status).toBe(201);
    const radicado = filed.json.data.radicado;
    const answer = await t.app.inject({
      method: 'POST',
      url: `${ADMIN_PQR_URL}/${radicado}/answer`,
      headers: w.admin.headers,
      payload: { text: 'Vaciamos el contenedor y aumentamos la frecuencia de recolección.' },
    });
    expect(answer.statusCode).toBe(200);
    await notificationWorkerOf(t.app).runOnce();
    const [message] = await received();
    expect(message).toMatchObject({ kind: 'pqr', title: `Respondimos tu PQR ${radicado}`, link: `/help?radicado=${radicado}` });
  });

  it('tells a point’s other managers when its container is marked full', async () => {
    const colleague = await createUser(t.app, { tc_id: 1 });
    const colleagueHeaders = await loginAs(t.app, colleague);
    await addManager(t.app.db, w.points.p1, colleague.id);
    const received = await subscribe(colleagueHeaders);
    const catalogue = await getCatalogue(t.app.db);
    const containerId = await insertContainer(t.app.db, {
      point_id: w.points.p1,
      material_id: catalogue.byCode.get('vidrio')!.id,
      capacity_l: 1100,
      fill_level: 40,
      status: 'en-servicio',
      last_emptied_at: null,
    });
    const url = `/back/api/v1/points/${w.points.p1}/containers/${containerId}`;
    expect((await t.app.inject({ method: 'PATCH', url, headers: w.manager1.headers, payload: { fill_level: 95 } })).statusCode).toBe(200);
    // Still full: no second message for a change above the mark.
    await t.app.inject({ method: 'PATCH', url, headers: w.manager1.headers, payload: { fill_level: 98 } });
    await notificationWorkerOf(t.app).runOnce();
    const messages = (await received()).filter((m) => m.kind === 'container');
    expect(messages).toHaveLength(1);
    expect(String(messages[0]!.body)).toContain('95 %');
    expect((await list(w.manager1)).items.some((n: { kind: string }) => n.kind === 'container')).toBe(false);
  });

  it('reminds participants at 18:00 Bogotá the day before their campaign, once', async () => {
    const received = await subscribe(w.householdB.headers);
    const at = nowIso();
    const campaign = await t.app.db
      .insertInto('campaigns')
      .values({
        title: 'Recolección de pilas en el parque',
        summary: 'Trae tus pilas usadas.',
        body: 'Trae tus pilas usadas.',
        image_file_id: null,
        starts_at: bogotaInstant('2026-12-05', '09:00').toISOString(),
        ends_at: bogotaInstant('2026-12-05', '13:00').toISOString(),
        point_id: null,
        place_name: 'Parque de Belén',
        address: null,
        city: 'Medellín',
        lat: null,
        lng: null,
        organiser_ally_id: null,
        published: 1,
        created_by: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('campaign_participants').values({ campaign_id: campaign.id, user_id: w.householdB.id, joined_at: at }).execute();

    let clock = bogotaInstant('2026-12-04', '17:59');
    const worker = createNotificationWorker({
      db: t.app.db,
      dialect: t.database.dialect,
      senders: [createWebPushSender(t.config.vapid, { allowLoopback: true })],
      mailer: t.app.mailer,
      secret: t.config.tokenSecret,
      publicUrl: t.config.publicUrl,
      now: () => clock,
    });
    await worker.runOnce();
    expect((await received()).filter((m) => m.kind === 'campaign')).toEqual([]);
    clock = bogotaInstant('2026-12-04', '18:00');
    await worker.runOnce();
    clock = bogotaInstant('2026-12-04', '18:05');
    await worker.runOnce();
    const reminders = (await received()).filter((m) => m.kind === 'campaign');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ title: 'Mañana: Recolección de pilas en el parque', link: `/campaign?id=${campaign.id}` });
    expect(String(reminders[0]!.body)).toContain('Parque de Belén');
  });
});
