import { PHONE_PATHS, type PickupRequestDetail } from '@puntoverde/contract';
import { createHash, createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import * as verifiedPhoneMigration from '../../db/migrations/2026_11_26_0032_verified_phone_unique.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startTwilioStandIn, type TwilioStandIn } from '../../../test/twilio-stand-in.js';
import { DEMO_USERS, identitySeeder } from '../../features/identity/identity.seed.js';
import { randomIp } from '../../../test/factories/http.js';
import { buildRequestsWorld, requestBody, type RequestsWorld } from '../../../test/factories/requests.js';
import { createActor, createUser, loginAs } from '../../../test/factories/users.js';

type Headers = { authorization: string };

/** A signed-in household with its own mobile number (numbers are counted per hour). */
let numberSeq = 0;
async function person(t: TestApp, attrs: Parameters<typeof createUser>[1] = {}) {
  numberSeq += 1;
  const prefixes = ['300', '301', '310', '311', '312', '313', '314', '315', '316', '317', '318', '319', '320', '321'];
  const prefix = prefixes[numberSeq % prefixes.length]!;
  const phone = attrs.phone ?? `${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  return { ...(await createActor(t.app, { ...attrs, phone })), phone };
}

function sendCode(t: TestApp, headers: Headers | Record<string, never>, payload: unknown = {}) {
  return t.app.inject({
    method: 'POST',
    url: PHONE_PATHS.sendCode,
    headers,
    payload: payload as object,
    remoteAddress: randomIp(),
  });
}

function confirm(t: TestApp, headers: Headers, code: string, remoteAddress = randomIp()) {
  return t.app.inject({
    method: 'POST',
    url: PHONE_PATHS.confirmCode,
    headers,
    payload: { code },
    remoteAddress,
  });
}

/** The code of the newest SMS to a 10-digit number, read from the local outbox. */
async function codeSentTo(t: TestApp, phone: string): Promise<string> {
  const sms = (await t.app.sms.outbox()).find((m) => m.to === `+57${phone}`);
  const code = sms ? /\b(\d{6})\b/.exec(sms.body)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Moves a user's codes back in time (the 60 s resend wait, the hour window, the 10-minute expiry). */
async function age(t: TestApp, userId: number, ms: number) {
  const rows = await t.app.db
    .selectFrom('phone_codes')
    .select(['id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .execute();
  for (const r of rows) {
    await t.app.db
      .updateTable('phone_codes')
      .set({
        created_at: new Date(Date.parse(r.created_at) - ms).toISOString(),
        expires_at: new Date(Date.parse(r.expires_at) - ms).toISOString(),
      })
      .where('id', '=', r.id)
      .execute();
  }
}

async function me(t: TestApp, headers: Headers) {
  return (await t.app.inject({ method: 'GET', url: '/back/api/v1/me', headers })).json().data as {
    phone: string;
    phone_verified: boolean;
    phone_verified_at: string | null;
  };
}

describe('phone verification by SMS code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('asks for a session before reading the body', async () => {
    const res = await sendCode(t, {}, { phone: 'not a phone', extra: true });
    expect(res.statusCode).toBe(401);
    const res2 = await t.app.inject({ method: 'POST', url: PHONE_PATHS.confirmCode, payload: { code: 'x' } });
    expect(res2.statusCode).toBe(401);
  });

  it('sends a 6-digit code to the profile mobile and verifies it; the badge data shows in the profile', async () => {
    const ana = await person(t);
    const sent = await sendCode(t, ana.headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ sent: true, phone: ana.phone, resend_after_s: 60 });
    const expires = Date.parse(sent.json().data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000);
    const code = await codeSentTo(t, ana.phone);
    expect(sent.body).not.toContain(code);

    const ok = await confirm(t, ana.headers, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).not.toContain(code);
    expect(ok.json().data).toMatchObject({ phone: ana.phone });
    expect(await me(t, ana.headers)).toMatchObject({ phone: ana.phone, phone_verified: true });
  });

  it('needs no body at all to send to the profile phone', async () => {
    const ana = await person(t);
    const res = await t.app.inject({ method: 'POST', url: PHONE_PATHS.sendCode, headers: ana.headers, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sent: true, phone: ana.phone });
  });

  it('stores only a keyed hash of the code', async () => {
    const ana = await person(t);
    await sendCode(t, ana.headers);
    const code = await codeSentTo(t, ana.phone);
    const row = await t.app.db
      .selectFrom('phone_codes')
      .selectAll()
      .where('user_id', '=', ana.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // Not a plain hash: the million possible codes cannot be tried against it without the secret.
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.code_hash).toBe(
      createHmac('sha256', t.config.tokenSecret).update(`phone-code:${ana.id}:${ana.phone}:${code}`).digest('hex'),
    );
  });

  it('answers a wrong, a reused and an expired code with the same error', async () => {
    const ana = await person(t);
    await sendCode(t, ana.headers);
    const code = await codeSentTo(t, ana.phone);
    const wrong = await confirm(t, ana.headers, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'phone-code-invalid', fields: { code: expect.any(String) } });
    expect((await confirm(t, ana.headers, code)).statusCode).toBe(200);
    const reused = await confirm(t, ana.headers, code);

    const bea = await person(t);
    await sendCode(t, bea.headers);
    const beaCode = await codeSentTo(t, bea.phone);
    await age(t, bea.id, 10 * 60_000 + 1000);
    const expired = await confirm(t, bea.headers, beaCode);

    for (const res of [reused, expired]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(wrong.json());
    }
    expect((await me(t, bea.headers)).phone_verified).toBe(false);
  });

  it('allows 5 tries per code: after 5 wrong ones the right code no longer works', async () => {
    const ana = await person(t);
    await sendCode(t, ana.headers);
    const code = await codeSentTo(t, ana.phone);
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(t, ana.headers, wrongCode)).json().code).toBe('phone-code-invalid');
    const late = await confirm(t, ana.headers, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('phone-code-invalid');
  });

  it('makes the person wait 60 s between codes, then allows 3 per hour per account', async () => {
    const ana = await person(t);
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
    const early = await sendCode(t, ana.headers);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('too-many-requests');
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(50);
    await age(t, ana.id, 61_000);
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
    await age(t, ana.id, 61_000);
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
    await age(t, ana.id, 61_000);
    const fourth = await sendCode(t, ana.headers);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('too-many-requests');
    // An hour later the budget is back.
    await age(t, ana.id, 60 * 60_000);
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
    // Only the newest code works.
    expect((await t.app.sms.outbox()).filter((m) => m.to === `+57${ana.phone}`)).toHaveLength(4);
  });

  it('allows 3 codes per hour per number, whichever accounts ask', async () => {
    const shared = '3157654321';
    const people = [
      await person(t, { phone: shared }),
      await person(t, { phone: shared }),
      await person(t, { phone: shared }),
    ];
    for (const p of people) expect((await sendCode(t, p.headers)).statusCode).toBe(200);
    const fourth = await person(t, { phone: shared });
    const res = await sendCode(t, fourth.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('too-many-requests');
  });

  it('refuses a landline, a number out of the numbering plan and a foreign number, naming the field', async () => {
    const company = await person(t, { tc_id: 3, phone: '6044445566' });
    const landline = await sendCode(t, company.headers);
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toMatchObject({
      code: 'phone-not-mobile',
      fields: { phone: expect.stringContaining('celular') },
    });
    for (const phone of ['3991234567', '+1 415 555 2671', '6012345678', 'abc']) {
      const res = await sendCode(t, company.headers, { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), phone).toEqual(['phone']);
    }
    expect(
      await t.app.db.selectFrom('phone_codes').select('id').where('user_id', '=', company.id).execute(),
    ).toHaveLength(0);
  });

  it('verifies another number given with the send, and makes it the profile phone', async () => {
    const company = await person(t, { tc_id: 3, phone: '6044445566' });
    const res = await sendCode(t, company.headers, { phone: '+57 310 444 5566' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe('3104445566');
    expect((await me(t, company.headers)).phone).toBe('6044445566');
    expect((await confirm(t, company.headers, await codeSentTo(t, '3104445566'))).statusCode).toBe(200);
    expect(await me(t, company.headers)).toMatchObject({ phone: '3104445566', phone_verified: true });
  });

  it('sends nothing for a number already verified', async () => {
    const ana = await person(t);
    await sendCode(t, ana.headers);
    await confirm(t, ana.headers, await codeSentTo(t, ana.phone));
    const before = (await t.app.sms.outbox()).length;
    const again = await sendCode(t, ana.headers);
    expect(again.json().data).toMatchObject({ sent: false, phone: ana.phone });
    expect((await t.app.sms.outbox()).length).toBe(before);
  });

  it('clears the verification when the number changes, and the old code stops working', async () => {
    const ana = await person(t);
    await sendCode(t, ana.headers);
    await confirm(t, ana.headers, await codeSentTo(t, ana.phone));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/back/api/v1/me',
      headers: ana.headers,
      payload: { phone: '3209876543' },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data).toMatchObject({ phone: '3209876543', phone_verified: false, phone_verified_at: null });

    const bea = await person(t);
    await sendCode(t, bea.headers);
    const code = await codeSentTo(t, bea.phone);
    await t.app.inject({
      method: 'PATCH',
      url: '/back/api/v1/me',
      headers: bea.headers,
      payload: { phone: '3112223344' },
    });
    expect((await confirm(t, bea.headers, code)).json().code).toBe('phone-code-invalid');
    // Saving the same number again keeps the verification.
    const carl = await person(t);
    await sendCode(t, carl.headers);
    await confirm(t, carl.headers, await codeSentTo(t, carl.phone));
    await t.app.inject({
      method: 'PATCH',
      url: '/back/api/v1/me',
      headers: carl.headers,
      payload: { phone: carl.phone, city: 'Envigado' },
    });
    expect((await me(t, carl.headers)).phone_verified).toBe(true);
  });
});

describe('one account per verified number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function verify(p: Awaited<ReturnType<typeof person>>) {
    expect((await sendCode(t, p.headers)).statusCode).toBe(200);
    return confirm(t, p.headers, await codeSentTo(t, p.phone));
  }

  it('refuses with 409 to verify on a second account a number verified on another, which keeps it', async () => {
    const ana = await person(t);
    expect((await verify(ana)).statusCode).toBe(200);
    const bea = await person(t, { phone: ana.phone });
    const refused = await verify(bea);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'phone-verified-elsewhere',
      message: expect.stringContaining('ya está verificado en otra cuenta'),
    });
    expect(await me(t, bea.headers)).toMatchObject({ phone: ana.phone, phone_verified: false });
    expect(await me(t, ana.headers)).toMatchObject({ phone: ana.phone, phone_verified: true });
  });

  it('lets exactly one of two accounts confirming one number at the same moment have it', async () => {
    const phone = '3165550303';
    const [ana, bea] = [await person(t, { phone }), await person(t, { phone })];
    await sendCode(t, ana.headers);
    const anaCode = await codeSentTo(t, phone);
    await sendCode(t, bea.headers);
    const beaCode = await codeSentTo(t, phone);
    const answers = await Promise.all([confirm(t, ana.headers, anaCode), confirm(t, bea.headers, beaCode)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('phone-verified-elsewhere');
  });

  it('frees the number once its account moves to another one', async () => {
    const ana = await person(t);
    expect((await verify(ana)).statusCode).toBe(200);
    const bea = await person(t, { phone: ana.phone });
    await t.app.inject({ method: 'PATCH', url: '/back/api/v1/me', headers: ana.headers, payload: { phone: '3209876543' } });
    expect((await verify(bea)).statusCode).toBe(200);
    expect(await me(t, bea.headers)).toMatchObject({ phone: ana.phone, phone_verified: true });
  });

  it('is a rule of the database too', async () => {
    const [a, b] = [await createUser(t.app, { phone: '3175550101' }), await createUser(t.app, { phone: '3175550101' })];
    const at = new Date().toISOString();
    await t.app.db.updateTable('users').set({ phone_verified_at: at }).where('id', '=', a.id).execute();
    await expect(
      t.app.db.updateTable('users').set({ phone_verified_at: at }).where('id', '=', b.id).execute(),
    ).rejects.toThrow();
  });

  it('counts confirmations per account: one spending its allowance does not block another at the same address', async () => {
    const shared = randomIp();
    const ana = await person(t);
    const bea = await person(t);
    await sendCode(t, ana.headers);
    await sendCode(t, bea.headers);
    const anaCode = await codeSentTo(t, ana.phone);
    const wrong = anaCode === '000000' ? '111111' : '000000';
    const anaStatuses: number[] = [];
    for (let i = 0; i < 30; i += 1) anaStatuses.push((await confirm(t, ana.headers, wrong, shared)).statusCode);
    expect(anaStatuses.at(-1)).toBe(429);
    const ok = await confirm(t, bea.headers, await codeSentTo(t, bea.phone), shared);
    expect(ok.statusCode).toBe(200);
  });
});

describe('the migration to one account per verified number', () => {
  it('keeps, of a number verified on several accounts, the most recent verification', async () => {
    const t = await buildTestApp();
    try {
      const db = t.app.db as unknown as Parameters<typeof verifiedPhoneMigration.up>[0];
      await verifiedPhoneMigration.down(db);
      const phone = '3185550202';
      const users = [await createUser(t.app, { phone }), await createUser(t.app, { phone }), await createUser(t.app, { phone })];
      const other = await createUser(t.app, { phone: '3185550203' });
      const verifiedAt = ['2026-10-01T10:00:00.000Z', '2026-11-20T10:00:00.000Z', '2026-11-01T10:00:00.000Z'];
      for (const [i, u] of users.entries()) {
        await t.app.db.updateTable('users').set({ phone_verified_at: verifiedAt[i]! }).where('id', '=', u.id).execute();
      }
      await t.app.db.updateTable('users').set({ phone_verified_at: verifiedAt[0]! }).where('id', '=', other.id).execute();
      await verifiedPhoneMigration.up(db);
      const rows = await t.app.db
        .selectFrom('users')
        .select(['id', 'phone_verified_at'])
        .where('id', 'in', [...users.map((u) => u.id), other.id])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.phone_verified_at)).toEqual([null, verifiedAt[1], null, verifiedAt[0]]);
    } finally {
      await t.close();
    }
  });
});

describe('the code never reaches the logs', () => {
  it('is absent from every log line of a send and a confirmation, at trace level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'trace', stream } });
    try {
      const user = await createUser(app, { phone: '3001112233' });
      const headers = await loginAs(app, user);
      await app.inject({ method: 'POST', url: PHONE_PATHS.sendCode, headers, payload: {} });
      const sms = (await app.sms.outbox()).find((m) => m.to === '+573001112233');
      const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
      await app.inject({
        method: 'POST',
        url: PHONE_PATHS.confirmCode,
        headers,
        payload: { code: code === '000000' ? '000001' : '000000' },
      });
      const ok = await app.inject({ method: 'POST', url: PHONE_PATHS.confirmCode, headers, payload: { code } });
      expect(ok.statusCode).toBe(200);
      expect(lines.length).toBeGreaterThan(4);
      expect(lines.join('\n')).not.toContain(code);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('phone verification through Twilio (local stand-in)', () => {
  let t: TestApp;
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
    t = await buildTestApp({
      sms: {
        provider: 'twilio',
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: twilio.from,
        apiUrl: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('delivers the code through the provider and verifies the phone', async () => {
    const ana = await person(t);
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
    const message = twilio.messages.find((m) => m.to === `+57${ana.phone}`);
    const code = /\b(\d{6})\b/.exec(message!.body)![1]!;
    expect((await confirm(t, ana.headers, code)).statusCode).toBe(200);
  });

  it('gives a Spanish message on a provider outage and counts neither a send nor a try', async () => {
    const ana = await person(t);
    twilio.failNext(3);
    for (let i = 0; i < 3; i += 1) {
      const res = await sendCode(t, ana.headers);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'sms-unavailable',
        message: expect.stringContaining('No pudimos enviar el SMS'),
      });
    }
    // Neither the 60 s wait nor the 3-per-hour budget was spent on the failures.
    expect((await sendCode(t, ana.headers)).statusCode).toBe(200);
  });

  it('names the phone field when the provider rejects the number, and counts no send', async () => {
    const ana = await person(t);
    twilio.rejectNumbers.add(`+57${ana.phone}`);
    const res = await sendCode(t, ana.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'sms-number-rejected', fields: { phone: expect.any(String) } });
    expect(await t.app.db.selectFrom('phone_codes').select('id').where('user_id', '=', ana.id).execute()).toHaveLength(
      0,
    );
  });
});

describe('pickups and the verified phone', () => {
  let t: TestApp;
  let w: RequestsWorld;
  beforeAll(async () => {
    t = await buildTestApp();
    w = await buildRequestsWorld(t.app);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.inject({
      method: 'PUT',
      url: PHONE_PATHS.pickupSettings,
      headers: w.admin.headers,
      payload: { require_verified_phone: false },
    });
  });

  it('shows the point manager whether the requester verified the phone', async () => {
    await sendCode(t, w.householdA.headers);
    await confirm(t, w.householdA.headers, await codeSentTo(t, w.householdA.phone!));
    const verified = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/requests',
      headers: w.householdA.headers,
      payload: requestBody(),
    });
    const unverified = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/requests',
      headers: w.householdB.headers,
      payload: requestBody(),
    });
    for (const [res, expected] of [
      [verified, true],
      [unverified, false],
    ] as const) {
      expect(res.statusCode).toBe(201);
      const id = res.json<{ data: PickupRequestDetail }>().data.id;
      const seen = await t.app.inject({
        method: 'GET',
        url: `/back/api/v1/requests/${id}`,
        headers: w.manager1.headers,
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.requester).toMatchObject({ phone_verified: expected });
    }
  });

  it('lets only staff read and change the setting, checking the role before the body', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: PHONE_PATHS.pickupSettings, payload: { nope: 1 } })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: PHONE_PATHS.pickupSettings,
          headers: w.householdA.headers,
          payload: { nope: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: PHONE_PATHS.pickupSettings, headers: w.manager1.headers })).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: PHONE_PATHS.pickupSettings,
      headers: w.admin.headers,
      payload: { require_verified_phone: 'sí' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['require_verified_phone']);
    const on = await t.app.inject({
      method: 'PUT',
      url: PHONE_PATHS.pickupSettings,
      headers: w.admin.headers,
      payload: { require_verified_phone: true },
    });
    expect(on.json().data).toEqual({ require_verified_phone: true });
    const read = await t.app.inject({ method: 'GET', url: PHONE_PATHS.pickupSettings, headers: w.admin.headers });
    expect(read.json().data).toEqual({ require_verified_phone: true });
    const audit = await t.app.db.selectFrom('audit_log').selectAll().where('entity', '=', 'setting').execute();
    expect(audit.at(-1)).toMatchObject({ actor_id: w.admin.id, action: 'update', entity_id: 'pickups' });
  });

  it('refuses a pickup from an unverified phone while staff require it, and writes nothing', async () => {
    await t.app.inject({
      method: 'PUT',
      url: PHONE_PATHS.pickupSettings,
      headers: w.admin.headers,
      payload: { require_verified_phone: true },
    });
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('pickup_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/requests',
      headers: w.head1.headers,
      payload: requestBody(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'verified-phone-required',
      message: expect.stringContaining('verifica tu celular'),
    });
    expect(await count()).toBe(before);
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/back/api/v1/requests',
      headers: w.householdA.headers,
      payload: requestBody(),
    });
    expect(allowed.statusCode).toBe(201);
  });
});

describe('demo accounts', () => {
  it('have the household phone verified and the company one not', async () => {
    const t = await buildTestApp({ demo: true });
    try {
      const log = { info: () => undefined, warn: () => undefined };
      await identitySeeder.run(t.app.db, { log, config: t.config });
      const rows = await t.app.db
        .selectFrom('users')
        .select(['email', 'phone_verified_at'])
        .where('email', 'in', [DEMO_USERS.household, DEMO_USERS.company])
        .execute();
      const byEmail = new Map(rows.map((r) => [r.email, r.phone_verified_at]));
      expect(byEmail.get(DEMO_USERS.household)).toEqual(expect.any(String));
      expect(byEmail.get(DEMO_USERS.company)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
