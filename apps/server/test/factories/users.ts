import { DEMO_PASSWORD, IDENTITY_PATHS, type SessionUser } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { nowIso, type Db } from '../../src/db/dialect.js';
import { createAccount, type NewAccount } from '../../src/features/identity/accounts.service.js';
import type { UserRow } from '../../src/features/identity/identity.repository.js';
import { hashPassword } from '../../src/features/identity/passwords.js';
import { signAccessToken } from '../../src/lib/access-token.js';
import { randomIp, type BearerHeaders } from './http.js';

/**
 * Users and sessions. Every user is written by the app's own `createAccount`.
 *
 *   const manager = await createUser(app, { tc_id: 1 });      // a password, no session
 *   const headers = await loginAs(app, manager);              // real login → { authorization: 'Bearer …' }
 *   const ana = await createActor(app, { name: 'Ana Hogar' }); // both at once: ana.headers
 *   const admin = await createBearerUser(db, secret, { is_admin: true }); // session signed directly, no login
 */

/** Password of every factory user unless one is given (strong enough for the strength check). */
export const TEST_PASSWORD = 'Reciclo-Papel-2026';

let seq = 0;
let defaultHash: Promise<string> | null = null;

export type TestUser = UserRow & { password: string };
/** A user with a live session: what the API tests act as. */
export type Actor = TestUser & { headers: BearerHeaders };

export type CreateUserAttrs = Partial<Omit<NewAccount, 'tc_id' | 'password'>> & {
  tc_id?: 1 | 2 | 3;
  /** Plain password (hashed with argon2id); TEST_PASSWORD by default. */
  password?: string;
};

/** Inserts a ready-to-use user (verified e-mail, active) of the given kind: household by default. */
export async function createUser(app: FastifyInstance, attrs: CreateUserAttrs = {}): Promise<TestUser> {
  seq += 1;
  const tc = attrs.tc_id ?? 2;
  const tag = `${Date.now().toString(36)}${seq}`;
  const password = attrs.password ?? TEST_PASSWORD;
  const isCompany = tc === 3;
  const row = await createAccount(app.db, {
    tc_id: tc,
    email: attrs.email ?? `usuario-${tag}@test.puntoverde.co`,
    password: null,
    name: attrs.name ?? (isCompany ? `Empresa ${tag} S.A.S.` : `Usuario ${tag}`),
    first_name: attrs.first_name ?? (isCompany ? null : 'Usuario'),
    last_name: attrs.last_name ?? (isCompany ? null : tag),
    company_name: attrs.company_name ?? (isCompany ? `Empresa ${tag} S.A.S.` : null),
    contact_name: attrs.contact_name ?? (isCompany ? 'Contacto de prueba' : null),
    document_type: attrs.document_type ?? (isCompany ? null : 'CC'),
    document_number: attrs.document_number ?? (isCompany ? null : String(10_000_000 + seq)),
    nit: attrs.nit ?? null,
    phone: attrs.phone ?? '3001234567',
    city: attrs.city ?? 'Medellín',
    address: attrs.address ?? null,
    id_empresa: attrs.id_empresa ?? null,
    is_admin: attrs.is_admin ?? false,
    email_verified: attrs.email_verified ?? true,
    active: attrs.active ?? true,
  });
  // One argon2 hash per process for the default password keeps suites fast.
  const passwordHash =
    password === TEST_PASSWORD ? await (defaultHash ??= hashPassword(TEST_PASSWORD)) : await hashPassword(password);
  await app.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.id).execute();
  return { ...row, password_hash: passwordHash, password };
}

/** A user logged in for real (`createUser` + `loginAs`). */
export async function createActor(app: FastifyInstance, attrs: CreateUserAttrs = {}): Promise<Actor> {
  const user = await createUser(app, attrs);
  return { ...user, headers: await loginAs(app, user) };
}

/** Logs in through the real `clientes/login`, from a fresh client address; the raw response. */
export function tryLogin(
  app: FastifyInstance,
  user: { email: string; password: string },
  options: { playerId?: string; userAgent?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: IDENTITY_PATHS.login,
    remoteAddress: randomIp(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    payload: {
      username: user.email,
      password: user.password,
      ...(options.playerId ? { playerId: options.playerId } : {}),
    },
  });
}

/** Logs in through the real `clientes/login`; returns the whole `data` (user + tokens). */
export async function loginSession(
  app: FastifyInstance,
  user: { email: string; password: string },
  options: { playerId?: string; userAgent?: string } = {},
): Promise<SessionUser> {
  const res = await tryLogin(app, user, options);
  if (res.statusCode !== 200) throw new Error(`loginAs ${user.email} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: SessionUser }>().data;
}

/** Bearer headers of a fresh session of `user` (real login). */
export async function loginAs(app: FastifyInstance, user: { email: string; password: string }): Promise<BearerHeaders> {
  const session = await loginSession(app, user);
  return { authorization: `Bearer ${session.token}` };
}

/** Bearer headers of one of the demo seed's accounts (they share DEMO_PASSWORD). */
export function loginAsDemo(app: FastifyInstance, email: string): Promise<BearerHeaders> {
  return loginAs(app, { email, password: DEMO_PASSWORD });
}

/**
 * A bearer token for `userId` backed by a real, live session row, for suites and benches that do
 * not go through login. The server treats it like any other session (revoking it, or
 * deactivating the user, stops the token at once).
 */
export async function signTestToken(db: Db, secret: string, userId: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      auth_method: 'password',
      created_at: now,
      last_used_at: now,
      expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
      user_agent: 'test',
      ip: '127.0.0.1',
    })
    .execute();
  const { token } = await signAccessToken(secret, { sub: String(userId), sid: id });
  return token;
}

export type BearerUser = { id: number; email: string; token: string; headers: BearerHeaders };

/**
 * A user without a password whose session is signed directly (no argon2, no login flow), for
 * suites about something other than identity: household by default, verified and active.
 */
export async function createBearerUser(
  db: Db,
  secret: string,
  attrs: { tc_id?: 1 | 2 | 3; is_admin?: boolean; name?: string; email?: string; active?: boolean } = {},
): Promise<BearerUser> {
  seq += 1;
  const row = await createAccount(db, {
    tc_id: attrs.tc_id ?? 2,
    email: attrs.email ?? `user${seq}-${Date.now().toString(36)}@test.puntoverde.co`,
    password: null,
    name: attrs.name ?? `Usuario ${seq}`,
    is_admin: attrs.is_admin ?? false,
    active: attrs.active ?? true,
  });
  const token = await signTestToken(db, secret, row.id);
  return { id: row.id, email: row.email, token, headers: { authorization: `Bearer ${token}` } };
}

/** A complete household sign-up (`data_user` of POST /clientes/registro). */
export function householdSignup(overrides: Record<string, unknown> = {}) {
  return {
    tc_id: 2,
    email: 'Laura.Gomez@Example.co',
    password: DEMO_PASSWORD,
    first_name: 'Laura',
    last_name: 'Gómez',
    document_type: 'CC',
    document_number: '1.017.234.567',
    phone: '300 123 4567',
    city: 'Medellín',
    address: 'Calle 10 # 43-12',
    accept_data_policy: true,
    ...overrides,
  };
}

/** A complete company sign-up (`data_user` of POST /clientes/registro), NIT with its check digit. */
export function companySignup(overrides: Record<string, unknown> = {}) {
  return {
    tc_id: 3,
    email: 'compras@reciclajes-andinos.co',
    password: 'Cartón-Limpio-77',
    company_name: 'Reciclajes Andinos S.A.S.',
    nit: '900.123.456-8',
    contact_name: 'Andrés Restrepo',
    phone: '6044445566',
    city: 'Medellín',
    address: 'Carrera 50 # 10-20',
    accept_data_policy: true,
    ...overrides,
  };
}
