import { IDENTITY_PATHS, type SessionUser } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { randomInt } from 'node:crypto';
import { createAccount, type NewAccount } from '../src/features/identity/accounts.service.js';
import type { UserRow } from '../src/features/identity/identity.repository.js';
import { hashPassword } from '../src/features/identity/passwords.js';
import type { OutboxEntry } from '../src/lib/mailer.js';

/**
 * Test data builders shared by every suite (stable API: other features use them).
 *
 *   const manager = await createUser(app, { tc_id: 1 });
 *   const headers = await loginAs(app, manager);        // real login → { authorization: 'Bearer …' }
 *   await app.inject({ method: 'GET', url: '/back/api/v1/me', headers });
 */

/** Password of every factory user unless one is given (strong enough for the strength check). */
export const TEST_PASSWORD = 'Reciclo-Papel-2026';

let seq = 0;
let defaultHash: Promise<string> | null = null;

export type TestUser = UserRow & { password: string };

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

/** A distinct client address per login, so suites never exhaust the per-IP login budget. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** Logs in through the real `clientes/login`; returns the whole `data` (user + tokens). */
export async function loginSession(
  app: FastifyInstance,
  user: { email: string; password: string },
  options: { playerId?: string; userAgent?: string } = {},
): Promise<SessionUser> {
  const res = await app.inject({
    method: 'POST',
    url: IDENTITY_PATHS.login,
    remoteAddress: randomIp(),
    headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
    payload: { username: user.email, password: user.password, ...(options.playerId ? { playerId: options.playerId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`loginAs ${user.email} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: SessionUser }>().data;
}

/** Bearer headers of a fresh session of `user` (real login). */
export async function loginAs(
  app: FastifyInstance,
  user: { email: string; password: string },
): Promise<{ authorization: string }> {
  const session = await loginSession(app, user);
  return { authorization: `Bearer ${session.token}` };
}

/** The newest outbox message to `to` (optionally whose subject contains `subject`), waiting for background sends. */
export async function waitForMail(app: FastifyInstance, to: string, subject?: string): Promise<OutboxEntry> {
  for (let i = 0; i < 150; i += 1) {
    const mail = (await app.mailer.outbox()).find((m) => m.to === to && (!subject || m.subject.includes(subject)));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no e-mail to ${to}${subject ? ` about "${subject}"` : ''}`);
}

/** The `token` query parameter of the first link in an e-mail's text. */
export function tokenFromMail(mail: OutboxEntry): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  const token = url ? new URL(url).searchParams.get('token') : null;
  if (!token) throw new Error(`no link with a token in "${mail.subject}"`);
  return token;
}
