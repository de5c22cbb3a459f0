import { TC_ID, PASSWORD_MIN_LENGTH, USER_KIND_LABELS_ES, userKindOf } from '@puntoverde/contract';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { nowIso, type Db } from '../../db/dialect.js';
import { recordCliAudit } from '../admin/audit.service.js';
import { AccountInputError, createAccount } from './accounts.service.js';
import { emailExists, findUserByEmail, findUserById, updateUser, type UserRow } from './identity.repository.js';
import { generatePassword, hashPassword, isWeakPassword } from './passwords.js';

/** Where the CLIs write: stdout for results, stderr for errors (tests capture both). */
export type CliOutput = { info: (line: string) => void; error: (line: string) => void };

/** The arguments, or null after printing the problem and the usage (exit code 2). */
function parseOrUsage<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  out: CliOutput,
): ReturnType<typeof parseArgs<T>> | null {
  try {
    return parseArgs(config);
  } catch (err) {
    out.error(`${(err as Error).message}\n${usage}`);
    return null;
  }
}

/** Whether a password given on the command line is refused (the reason printed). */
function refusesPassword(password: string | undefined, email: string, out: CliOutput): boolean {
  if (password === undefined) return false;
  const problem =
    password.length < PASSWORD_MIN_LENGTH
      ? `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`
      : isWeakPassword(password, [email])
        ? 'La contraseña es demasiado común o fácil de adivinar; elige otra.'
        : null;
  if (problem) out.error(problem);
  return problem !== null;
}

/**
 * Creates the account and prints what `describe` says of it, and the password when it was
 * generated; an input createAccount refuses is printed with exit code 1.
 */
async function createAndReport(
  db: Db,
  out: CliOutput,
  generatedPassword: string | null,
  create: () => Promise<UserRow>,
  describe: (user: UserRow) => string,
  afterCreate?: (user: UserRow) => Promise<string>,
): Promise<number> {
  try {
    const user = await create();
    await recordCliAudit(db, {
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: { email: user.email, name: user.name, tc_id: user.tc_id, is_admin: Boolean(user.is_admin) },
    });
    out.info(describe(user));
    if (afterCreate) out.info(await afterCreate(user));
    if (generatedPassword !== null)
      out.info(`Contraseña generada (guárdala ahora, no se vuelve a mostrar): ${generatedPassword}`);
    return 0;
  } catch (err) {
    if (err instanceof AccountInputError) {
      out.error(err.message);
      return 1;
    }
    throw err;
  }
}

export const ADMIN_CREATE_USAGE =
  'Uso: npm run admin:create -- <correo> [--password <contraseña>] [--name "<nombre>"]\n' +
  'Crea un administrador (o da permisos de administración a una cuenta existente). Sin --password genera una, la muestra\n' +
  'y la cuenta debe cambiarla al iniciar sesión por primera vez. --name es el nombre que se muestra (por defecto "Administración").';

/** `npm run admin:create -- <email>`: returns the process exit code. */
export async function adminCreate(db: Db, argv: string[], out: CliOutput): Promise<number> {
  const parsed = parseOrUsage(
    {
      args: argv,
      allowPositionals: true,
      options: { password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    },
    ADMIN_CREATE_USAGE,
    out,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const rawEmail = positionals[0];
  if (values.help || !rawEmail || positionals.length > 1) {
    (values.help ? out.info : out.error)(ADMIN_CREATE_USAGE);
    return values.help ? 0 : 2;
  }
  const email = rawEmail.trim().toLowerCase();
  if (refusesPassword(values.password, email, out)) return 1;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const changes: Parameters<typeof updateUser>[2] = { is_admin: 1, active: 1, updated_at: nowIso() };
    if (values.password !== undefined) changes.password_hash = await hashPassword(values.password);
    await updateUser(db, existing.id, changes);
    await recordCliAudit(db, {
      action: 'update',
      entity: 'user',
      entityId: existing.id,
      before: { is_admin: Boolean(existing.is_admin), active: Boolean(existing.active) },
      after: { is_admin: true, active: true, ...(values.password !== undefined ? { password: 'changed' } : {}) },
    });
    out.info(`La cuenta ${email} (id ${existing.id}) ya existía: ahora es administradora.`);
    if (values.password !== undefined) out.info('Su contraseña se cambió por la indicada.');
    return 0;
  }
  const password = values.password ?? generatePassword();
  return createAndReport(
    db,
    out,
    values.password === undefined ? password : null,
    async () => {
      const user = await createAccount(db, {
        tc_id: TC_ID.household,
        email,
        password,
        name: values.name?.trim() || 'Administración',
        is_admin: true,
      });
      // A generated password has been shown on a terminal: the account sets its own at first login.
      if (values.password === undefined) await updateUser(db, user.id, { must_change_password: 1 });
      return user;
    },
    (user) =>
      `Administrador creado: ${user.name} <${user.email}> (id ${user.id}).` +
      (values.password === undefined ? ' Al iniciar sesión por primera vez deberá cambiar la contraseña generada.' : ''),
  );
}

export const USER_CREATE_USAGE =
  'Uso: npm run user:create -- --type <1|2|3> --email <correo> --name "<nombre>" [--password <contraseña>]\n' +
  '       [--phone <celular>] [--city <ciudad>] [--address <dirección>] [--nit <NIT>] [--empresa <id o correo de la empresa>] [--admin]\n' +
  '       [--point <id o nombre del punto>]\n' +
  'Tipos: 1 responsable del punto, 2 hogar, 3 empresa (con --empresa, sucursal). Sin --password genera una y la muestra.\n' +
  'Con --point (solo tipo 1) la cuenta queda como responsable de ese punto, además de los que ya tenga.';

/**
 * How `--point` finds a point and makes the new account its manager: the points feature's, passed
 * in by the command (cli/user-create.ts), so accounts do not depend on points.
 */
export type CliPointLink = {
  /** The point by id or name, or the one-line reason there is none. */
  find: (db: Db, idOrName: string) => Promise<{ id: number; name: string } | string>;
  addManager: (db: Db, pointId: number, userId: number) => Promise<void>;
};

/** `npm run user:create -- --type 1 --email ... --name ...`: returns the process exit code. */
export async function userCreate(db: Db, argv: string[], out: CliOutput, points: CliPointLink): Promise<number> {
  const parsed = parseOrUsage(
    {
      args: argv,
      options: {
        type: { type: 'string' },
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        phone: { type: 'string' },
        city: { type: 'string' },
        address: { type: 'string' },
        nit: { type: 'string' },
        empresa: { type: 'string' },
        admin: { type: 'boolean' },
        point: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    },
    USER_CREATE_USAGE,
    out,
  );
  if (!parsed) return 2;
  const { values } = parsed;
  if (values.help) {
    out.info(USER_CREATE_USAGE);
    return 0;
  }
  const type = Number(values.type);
  if (!values.type || ![1, 2, 3].includes(type) || !values.email || !values.name?.trim()) {
    out.error(USER_CREATE_USAGE);
    return 2;
  }
  const email = values.email.trim().toLowerCase();
  if (await emailExists(db, email)) {
    out.error(`Ya existe una cuenta con el correo ${email}.`);
    return 1;
  }
  if (refusesPassword(values.password, email, out)) return 1;
  let companyId: number | null = null;
  if (values.empresa) {
    const head = /^\d+$/.test(values.empresa)
      ? await findUserById(db, Number(values.empresa))
      : await findUserByEmail(db, values.empresa.trim().toLowerCase());
    if (!head || head.deleted_at) {
      out.error(`No existe la empresa ${values.empresa}.`);
      return 1;
    }
    companyId = head.id;
  }
  let point: { id: number; name: string } | null = null;
  if (values.point !== undefined) {
    if (type !== TC_ID.manager) {
      out.error('--point solo sirve para cuentas de tipo 1 (responsable del punto).');
      return 1;
    }
    const found = await points.find(db, values.point);
    if (typeof found === 'string') {
      out.error(found);
      return 1;
    }
    point = found;
  }
  const password = values.password ?? generatePassword();
  const name = values.name.trim();
  const isCompany = type === 3;
  const [first, ...rest] = name.split(/\s+/);
  return createAndReport(
    db,
    out,
    values.password === undefined ? password : null,
    () =>
      createAccount(db, {
        tc_id: type as 1 | 2 | 3,
        email,
        password,
        name,
        first_name: isCompany ? null : (first ?? null),
        last_name: isCompany ? null : rest.join(' ') || null,
        company_name: isCompany ? name : null,
        nit: values.nit ?? null,
        phone: values.phone ?? null,
        city: values.city ?? null,
        address: values.address ?? null,
        id_empresa: companyId,
        is_admin: values.admin ?? false,
      }),
    (user) => {
      const kind = userKindOf(user);
      return `Usuario creado: ${user.email} (id ${user.id}, ${kind ? USER_KIND_LABELS_ES[kind] : `tipo ${type}`}${user.is_admin ? ', administrador' : ''}).`;
    },
    point
      ? async (user) => {
          await points.addManager(db, point.id, user.id);
          return `Responsable del punto «${point.name}» (id ${point.id}).`;
        }
      : undefined,
  );
}
