import { IDENTITY_PATHS, type Branch, type CreateBranchRequest, type SessionUser } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { tokenFromMail, waitForMail } from '../../../test/factories/mail.js';
import { buildRequestsWorld, createRequest, type RequestsWorld } from '../../../test/factories/requests.js';
import { type Actor, createUser, loginAs, tryLogin } from '../../../test/factories/users.js';

let t: TestApp;
let w: RequestsWorld;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Sede-Belen-Recicla-2026';

function branchBody(overrides: Partial<CreateBranchRequest> = {}): CreateBranchRequest {
  seq += 1;
  return {
    name: `Reciclemos — Sede ${seq}`,
    email: `sede${seq}-${Date.now()}@reciclemos.test`,
    phone: '604 444 5566',
    address: 'Calle 30A # 76-12',
    city: 'Medellín',
    contact_name: 'Laura Gómez',
    lat: 6.2309,
    lng: -75.6033,
    ...overrides,
  };
}

const api = (who: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });

async function createBranch(who: Actor = w.head1, overrides: Partial<CreateBranchRequest> = {}): Promise<Branch> {
  const res = await api(who, 'POST', '/back/api/v1/branches', branchBody(overrides));
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data as Branch;
}

async function invitationToken(branch: Branch): Promise<string> {
  return tokenFromMail(await waitForMail(t.app, branch.email, 'te invitó'));
}

const accept = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/back/api/v1/branches/invitations/accept',
    remoteAddress: randomIp(),
    payload: { token, password, accept_data_policy: true },
  });

describe('branch offices', () => {
  it('lets a company head create a branch: a tc_id 3 user with id_empresa = the head, invited by e-mail', async () => {
    const res = await api(w.head1, 'POST', '/back/api/v1/branches', branchBody({ name: 'Reciclemos — Sede Belén' }));
    expect(res.statusCode).toBe(201);
    const branch = res.json().data as Branch;
    expect(branch).toMatchObject({ id_empresa: w.head1.id, name: 'Reciclemos — Sede Belén', active: true, invitation: 'pendiente' });
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', branch.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tc_id: 3, id_empresa: w.head1.id, password_hash: null });
    const mail = await waitForMail(t.app, branch.email, 'te invitó');
    expect(mail.text).toContain('/auth/branch-invitation?token=');
    expect(mail.text).toContain('Reciclemos — Sede Belén');
    // Seven days, to the minute.
    const expires = Date.parse(branch.invitation_expires_at!);
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 60 * 60 * 1000))).toBeLessThan(60 * 1000);
  });

  it('refuses everyone but a company head', async () => {
    for (const who of [w.householdA, w.branch1, w.manager1]) {
      const create = await api(who, 'POST', '/back/api/v1/branches', branchBody());
      expect(create.statusCode).toBe(403);
      expect(create.json().code).toBe('not-company-head');
      expect((await api(who, 'GET', '/back/api/v1/branches')).statusCode).toBe(403);
    }
    expect((await api(null, 'GET', '/back/api/v1/branches')).statusCode).toBe(401);
  });

  it('answers 404 about a branch to everyone who may not see it, whatever their kind of account', async () => {
    const mine = (await api(w.head1, 'POST', '/back/api/v1/branches', branchBody())).json().data as Branch;
    for (const who of [w.head2, w.householdA, w.branch1, w.manager1]) {
      for (const [method, url, body] of [
        ['GET', `/back/api/v1/branches/${mine.id}`, undefined],
        ['PATCH', `/back/api/v1/branches/${mine.id}`, { name: 'Mía ahora' }],
        ['POST', `/back/api/v1/branches/${mine.id}/invitation`, undefined],
      ] as const) {
        const res = await api(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('branch-not-found');
      }
    }
    expect((await api(null, 'GET', `/back/api/v1/branches/${mine.id}`)).statusCode).toBe(401);
  });

  it('refuses an e-mail already in use and malformed fields', async () => {
    const dup = await api(w.head1, 'POST', '/back/api/v1/branches', branchBody({ email: w.householdA.email }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'email-already-in-use', fields: { email: expect.any(String) } });
    const phone = await api(w.head1, 'POST', '/back/api/v1/branches', branchBody({ phone: '12345' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields).toHaveProperty('phone');
    const halfPin = await api(w.head1, 'POST', '/back/api/v1/branches', branchBody({ lat: 6.2, lng: null }));
    expect(halfPin.statusCode).toBe(400);
    expect(halfPin.json().fields).toHaveProperty('lat');
  });

  it('shows and edits only the head’s own branches', async () => {
    const mine = await createBranch(w.head1);
    const theirs = await createBranch(w.head2);
    const list = (await api(w.head1, 'GET', '/back/api/v1/branches')).json().data as Branch[];
    expect(list.map((b) => b.id)).toContain(mine.id);
    expect(list.map((b) => b.id)).not.toContain(theirs.id);
    expect(list.every((b) => b.id_empresa === w.head1.id)).toBe(true);
    expect((await api(w.head1, 'GET', `/back/api/v1/branches/${theirs.id}`)).statusCode).toBe(404);
    const edit = await api(w.head1, 'PATCH', `/back/api/v1/branches/${theirs.id}`, { name: 'Mía ahora' });
    expect(edit.statusCode).toBe(404);
    expect((await api(w.head1, 'PATCH', `/back/api/v1/branches/${w.householdA.id}`, { active: false })).statusCode).toBe(404);
    const ok = await api(w.head1, 'PATCH', `/back/api/v1/branches/${mine.id}`, { name: 'Reciclemos — Sede Poblado', phone: '3001112233' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Reciclemos — Sede Poblado', phone: '3001112233' });
  });

  it('lets the branch accept its invitation once: sets the password and logs it in', async () => {
    const branch = await createBranch();
    const token = await invitationToken(branch);
    const preview = await t.app.inject({ method: 'POST', url: '/back/api/v1/branches/invitations/preview', payload: { token } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ email: branch.email, branch_name: branch.name, company_name: w.head1.company_name });

    const res = await accept(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const session = res.json().data as SessionUser;
    expect(session).toMatchObject({ id: branch.id, tc_id: 3, id_empresa: w.head1.id, email_verified: true });
    const me = await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: { authorization: `Bearer ${session.token}` } });
    expect(me.statusCode).toBe(200);

    const again = await accept(token, 'Otra-Clave-Segura-99');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid-token');

    const login = await tryLogin(t.app, { email: branch.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    const listed = (await api(w.head1, 'GET', `/back/api/v1/branches/${branch.id}`)).json().data as Branch;
    expect(listed.invitation).toBe('aceptada');
  });

  it('refuses a weak password, a missing consent, an expired link and a made-up one', async () => {
    const branch = await createBranch();
    const token = await invitationToken(branch);
    const weak = await accept(token, '123456');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('weak-password');
    const noConsent = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/branches/invitations/accept',
      payload: { token, password: NEW_PASSWORD },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields).toHaveProperty('accept_data_policy');
    await t.app.db
      .updateTable('branch_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('branch_id', '=', branch.id)
      .execute();
    const expired = await accept(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('invalid-token');
    expect((await api(w.head1, 'GET', `/back/api/v1/branches/${branch.id}`)).json().data.invitation).toBe('vencida');
    expect((await accept('x'.repeat(43))).statusCode).toBe(400);
  });

  it('sends a fresh invitation on request; the previous link stops working', async () => {
    const branch = await createBranch();
    const first = await invitationToken(branch);
    await new Promise((r) => setTimeout(r, 5));
    const resend = await api(w.head1, 'POST', `/back/api/v1/branches/${branch.id}/invitation`);
    expect(resend.statusCode).toBe(200);
    await t.app.mailer.idle();
    const mails = (await t.app.mailer.outbox()).filter((m) => m.to === branch.email);
    expect(mails).toHaveLength(2);
    const second = tokenFromMail(mails[0]!);
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
    const late = await api(w.head1, 'POST', `/back/api/v1/branches/${branch.id}/invitation`);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('branch-invitation-already-accepted');
  });

  it('deactivates a branch at once (no login, no token) and keeps its history; reactivation lets it back in', async () => {
    const branch = await createBranch();
    const session = (await accept(await invitationToken(branch))).json().data as SessionUser;
    const branchActor: Actor = { ...(await t.app.db.selectFrom('users').selectAll().where('id', '=', branch.id).executeTakeFirstOrThrow()), password: NEW_PASSWORD, headers: { authorization: `Bearer ${session.token}` } };
    const request = await createRequest(t.app, branchActor);

    const off = await api(w.head1, 'PATCH', `/back/api/v1/branches/${branch.id}`, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers: branchActor.headers })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: IDENTITY_PATHS.refresh, payload: { refresh_token: session.refresh_token } });
    expect(refresh.statusCode).toBe(401);
    const login = await tryLogin(t.app, { email: branch.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(403);
    // History stays: the head still sees the branch's request.
    expect((await api(w.head1, 'GET', `/back/api/v1/requests/${request.id}`)).statusCode).toBe(200);
    expect((await api(w.head1, 'GET', '/back/api/v1/branches')).json().data.map((b: Branch) => b.id)).toContain(branch.id);

    expect((await api(w.head1, 'PATCH', `/back/api/v1/branches/${branch.id}`, { active: true })).json().data.active).toBe(true);
    const back = await tryLogin(t.app, { email: branch.email, password: NEW_PASSWORD });
    expect(back.statusCode).toBe(200);
  });

  it('refuses the invitation of a deactivated branch', async () => {
    const branch = await createBranch();
    const token = await invitationToken(branch);
    await api(w.head1, 'PATCH', `/back/api/v1/branches/${branch.id}`, { active: false });
    expect((await accept(token)).statusCode).toBe(400);
  });

  it('counts the kilograms collected from each branch', async () => {
    const list = (await api(w.head1, 'GET', '/back/api/v1/branches')).json().data as Branch[];
    expect(list.every((b) => typeof b.collected_kg === 'number')).toBe(true);
  });
});

describe('a head created by sign-up', () => {
  it('manages branches too', async () => {
    const head = await createUser(t.app, { tc_id: 3 });
    const headers = await loginAs(t.app, head);
    const res = await t.app.inject({ method: 'POST', url: '/back/api/v1/branches', headers, payload: branchBody() });
    expect(res.statusCode).toBe(201);
  });
});
