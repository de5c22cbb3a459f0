import { DEMO_PASSWORD, IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { userInfo } from 'node:os';
import { listAudit } from '../admin/audit.service.js';
import { accountsByIds } from './identity.service.js';
import { addPointManagerFromCli, findPointForCli } from '../points/points.service.js';
import { adminCreate, userCreate as userCreateWith } from './account-cli.js';
import { DEMO_USERS, identitySeeder } from './identity.seed.js';
import { randomIp } from '../../../test/factories/http.js';
import { createPoints } from '../../../test/factories/points.js';

/** user:create as cli/user-create.ts runs it, with the points feature's lookup for --point. */
const userCreate = (db: TestApp['app']['db'], argv: string[], out: Parameters<typeof userCreateWith>[2]) =>
  userCreateWith(db, argv, out, { find: findPointForCli, addManager: addPointManagerFromCli });

describe('admin bootstrap CLIs and the demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const capture = () => {
    const info: string[] = [];
    const error: string[] = [];
    return { out: { info: (l: string) => info.push(l), error: (l: string) => error.push(l) }, info, error };
  };
  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.login,
      remoteAddress: randomIp(),
      payload: { username, password },
    });

  it('admin:create prints a generated password that logs in as an admin', async () => {
    const c = capture();
    expect(await adminCreate(t.app.db, ['Jefa@PuntoVerde.co'], c.out)).toBe(0);
    const password = /Contraseña generada[^:]*: (\S+)/.exec(c.info.join('\n'))?.[1];
    expect(password).toBeTruthy();
    const res = await login('jefa@puntoverde.co', password!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ is_admin: true, email_verified: true });
  });

  it('admin:create without --password makes the account change the generated one before anything else', async () => {
    const c = capture();
    expect(await adminCreate(t.app.db, ['primera@puntoverde.co', '--name', 'Ana Primera'], c.out)).toBe(0);
    expect(c.info.join('\n')).toMatch(/Ana Primera <primera@puntoverde.co>.*deberá cambiar la contraseña/);
    const generated = /Contraseña generada[^:]*: (\S+)/.exec(c.info.join('\n'))![1]!;
    const session = (await login('primera@puntoverde.co', generated)).json().data as { token: string; name: string; must_change_password: boolean };
    expect(session).toMatchObject({ name: 'Ana Primera', must_change_password: true });
    const headers = { authorization: `Bearer ${session.token}` };

    // Who it is answers; the back office does not, with a code the web app turns into the dialog.
    expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers })).json().data.must_change_password).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/dashboard', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'password-change-required', message: expect.stringMatching(/cambiar la contraseña/) });
    expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.mySessions, headers })).json().code).toBe('password-change-required');

    const changed = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.myPassword,
      headers,
      payload: { current_password: generated, new_password: 'Reciclaje-Semanal-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/back/api/v1/admin/dashboard', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: IDENTITY_PATHS.me, headers })).json().data.must_change_password).toBe(false);
  });

  it('admin:create with --password does not ask for a change', async () => {
    expect(await adminCreate(t.app.db, ['elegida@puntoverde.co', '--password', 'Compost-Elegido-71'], capture().out)).toBe(0);
    expect((await login('elegida@puntoverde.co', 'Compost-Elegido-71')).json().data.must_change_password).toBe(false);
  });

  it('writes admin:create and user:create to the audit log as the CLI and the OS user', async () => {
    expect(await adminCreate(t.app.db, ['auditada@puntoverde.co', '--name', 'Auditada'], capture().out)).toBe(0);
    expect(
      await userCreate(
        t.app.db,
        ['--type', '2', '--email', 'hogar-auditado@example.co', '--name', 'Hogar Auditado'],
        capture().out,
      ),
    ).toBe(0);
    const { items } = await listAudit(t.app.db, { page: 1, page_size: 50 }, accountsByIds);
    const of = (email: string) => items.find((i) => (i.after as { email?: string } | null)?.email === email);
    for (const email of ['auditada@puntoverde.co', 'hogar-auditado@example.co']) {
      expect(of(email), email).toMatchObject({
        action: 'create',
        entity: 'user',
        actor: null,
        actor_label: `cli:${userInfo().username}`,
      });
    }
    expect(of('auditada@puntoverde.co')!.after).toMatchObject({ is_admin: true, name: 'Auditada' });
  });

  it('admin:create accepts --password and promotes an existing account', async () => {
    const c = capture();
    expect(await adminCreate(t.app.db, ['socio@example.co', '--password', 'Compost-Casero-44'], c.out)).toBe(0);
    expect((await login('socio@example.co', 'Compost-Casero-44')).json().data.is_admin).toBe(true);
    await t.app.db.updateTable('users').set({ is_admin: 0 }).where('email', '=', 'socio@example.co').execute();
    const again = capture();
    expect(await adminCreate(t.app.db, ['socio@example.co'], again.out)).toBe(0);
    expect(again.info.join('\n')).toMatch(/ya existía/);
    expect((await login('socio@example.co', 'Compost-Casero-44')).json().data.is_admin).toBe(true);
  });

  it('admin:create refuses a weak password and a missing e-mail', async () => {
    const weak = capture();
    expect(await adminCreate(t.app.db, ['debil@example.co', '--password', '123456'], weak.out)).toBe(1);
    expect(weak.error.join('\n')).toMatch(/contraseña/i);
    const none = capture();
    expect(await adminCreate(t.app.db, [], none.out)).toBe(2);
    expect(none.error.join('\n')).toMatch(/Uso: npm run admin:create/);
  });

  it('user:create creates a point manager that can log in', async () => {
    const c = capture();
    const code = await userCreate(
      t.app.db,
      [
        '--type',
        '1',
        '--email',
        'gestor.envigado@example.co',
        '--name',
        'Pedro Pablo Zapata',
        '--password',
        'Punto-Limpio-2026',
      ],
      c.out,
    );
    expect(code).toBe(0);
    expect(c.info.join('\n')).toMatch(/Responsable del punto/);
    const res = await login('gestor.envigado@example.co', 'Punto-Limpio-2026');
    expect(res.json().data).toMatchObject({
      tc_id: 1,
      first_name: 'Pedro',
      last_name: 'Pablo Zapata',
      is_admin: false,
    });
  });

  it('user:create makes a branch with --empresa and generates a password when none is given', async () => {
    const head = capture();
    expect(
      await userCreate(
        t.app.db,
        ['--type', '3', '--email', 'matriz@example.co', '--name', 'Matriz S.A.S.', '--nit', '860034313-7'],
        head.out,
      ),
    ).toBe(0);
    const branch = capture();
    expect(
      await userCreate(
        t.app.db,
        ['--type', '3', '--email', 'sede@example.co', '--name', 'Sede Norte', '--empresa', 'matriz@example.co'],
        branch.out,
      ),
    ).toBe(0);
    const password = /Contraseña generada[^:]*: (\S+)/.exec(branch.info.join('\n'))?.[1];
    const res = await login('sede@example.co', password!);
    const headId = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'matriz@example.co').executeTakeFirstOrThrow()
    ).id;
    expect(res.json().data).toMatchObject({ tc_id: 3, id_empresa: headId });
    expect(branch.info.join('\n')).toMatch(/Sucursal/);
  });

  it('user:create refuses a bad type, a taken e-mail and a wrong NIT', async () => {
    const bad = capture();
    expect(await userCreate(t.app.db, ['--type', '4', '--email', 'x@example.co', '--name', 'X'], bad.out)).toBe(2);
    const taken = capture();
    expect(await userCreate(t.app.db, ['--type', '2', '--email', 'matriz@example.co', '--name', 'X'], taken.out)).toBe(
      1,
    );
    expect(taken.error.join('\n')).toMatch(/Ya existe/);
    const nit = capture();
    expect(
      await userCreate(
        t.app.db,
        ['--type', '3', '--email', 'n@example.co', '--name', 'N', '--nit', '860034313-1'],
        nit.out,
      ),
    ).toBe(1);
    expect(nit.error.join('\n')).toMatch(/NIT/);
  });

  const managersOf = async (pointId: number) =>
    (
      await t.app.db
        .selectFrom('point_managers')
        .innerJoin('users', 'users.id', 'point_managers.user_id')
        .select('users.email')
        .where('point_managers.point_id', '=', pointId)
        .execute()
    ).map((r) => r.email);

  it('user:create --point makes the new account a manager of the point named by id or name', async () => {
    const [envigado, itagui] = await createPoints(t.app.db, [
      { name: 'Punto Limpio Envigado Sur', lat: 6.17, lng: -75.59, materials: ['PET'] },
      { name: 'Punto Limpio Itagüí', lat: 6.18, lng: -75.6, materials: ['PET'] },
    ]);
    const help = capture();
    expect(await userCreate(t.app.db, ['--help'], help.out)).toBe(0);
    expect(help.info.join('\n')).toMatch(/--point <id o nombre del punto>/);

    const byName = capture();
    const args = (email: string, point: string) => [
      '--type',
      '1',
      '--email',
      email,
      '--name',
      'Gestora Punto',
      '--point',
      point,
    ];
    expect(await userCreate(t.app.db, args('gestora.sur@example.co', '  punto limpio ENVIGADO sur '), byName.out)).toBe(
      0,
    );
    expect(byName.info.join('\n')).toMatch(/Responsable del punto «Punto Limpio Envigado Sur»/);
    const byId = capture();
    expect(await userCreate(t.app.db, args('gestor.sur@example.co', String(envigado)), byId.out)).toBe(0);
    const managers = await managersOf(envigado!);
    expect(managers.sort()).toEqual(['gestor.sur@example.co', 'gestora.sur@example.co']);
    expect(await managersOf(itagui!)).toEqual([]);
    const { items } = await listAudit(t.app.db, { page: 1, page_size: 50 }, accountsByIds);
    expect(items.find((i) => i.entity === 'point-managers' && i.entity_id === String(envigado))).toMatchObject({
      actor: null,
      actor_label: `cli:${userInfo().username}`,
    });
  });

  it('user:create --point refuses an unknown point or a non-manager type in one line, creating nobody', async () => {
    for (const [type, point, message] of [
      ['1', 'Punto Que No Existe', /^No existe el punto «Punto Que No Existe»\.$/],
      ['1', '987654', /^No existe el punto 987654\.$/],
      ['2', 'Punto Limpio Itagüí', /^--point solo sirve para cuentas de tipo 1/],
    ] as const) {
      const c = capture();
      const email = `nadie.${point.length}.${type}@example.co`;
      expect(
        await userCreate(t.app.db, ['--type', type, '--email', email, '--name', 'Nadie', '--point', point], c.out),
      ).toBe(1);
      expect(c.error).toHaveLength(1);
      expect(c.error[0]).toMatch(message);
      expect(c.info).toEqual([]);
      expect(
        await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
      ).toBeUndefined();
    }
  });

  it('seeds one demo user of every kind with the demo password, idempotently', async () => {
    const ctx = { log: { info: () => undefined, warn: () => undefined }, config: t.config };
    await identitySeeder.run(t.app.db, ctx);
    await identitySeeder.run(t.app.db, ctx);
    const rows = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', 'in', Object.values(DEMO_USERS))
      .execute();
    expect(rows).toHaveLength(Object.keys(DEMO_USERS).length);
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(by[DEMO_USERS.manager]).toMatchObject({ tc_id: 1, id_empresa: null, is_admin: 0 });
    expect(by[DEMO_USERS.household]).toMatchObject({ tc_id: 2, id_empresa: null });
    expect(by[DEMO_USERS.company]).toMatchObject({ tc_id: 3, id_empresa: null, document_number: '900123456-8' });
    expect(by[DEMO_USERS.branch]).toMatchObject({ tc_id: 3, id_empresa: by[DEMO_USERS.company]?.id });
    expect(by[DEMO_USERS.admin]).toMatchObject({ is_admin: 1 });
    expect(by[DEMO_USERS.ally]).toMatchObject({ tc_id: 2, is_admin: 0 });
    expect(by[DEMO_USERS.recycler]).toMatchObject({ tc_id: 2, is_admin: 0 });
    for (const email of Object.values(DEMO_USERS)) {
      const res = await login(email, DEMO_PASSWORD);
      expect(res.statusCode, email).toBe(200);
    }
  });
});
