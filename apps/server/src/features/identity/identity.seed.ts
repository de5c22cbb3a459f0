import { TC_ID, DEMO_PASSWORD } from '@puntoverde/contract';
import { nowIso } from '../../db/dialect.js';
import type { Seeder } from '../../db/seed/seeder.js';
import { createAccount, type NewAccount } from './accounts.service.js';
import { findUserByEmail } from './identity.repository.js';

/** The demo accounts (README lists them); all share DEMO_PASSWORD. */
export const DEMO_USERS = {
  manager: 'gestor@demo.puntoverde.co',
  household: 'hogar@demo.puntoverde.co',
  company: 'empresa@demo.puntoverde.co',
  branch: 'sucursal@demo.puntoverde.co',
  admin: 'admin@demo.puntoverde.co',
  /** Staff of an ally (rewards make it so): confirms redemption codes at the counter. */
  ally: 'aliado@demo.puntoverde.co',
  /** A recicladora of the demo organisation with a phone of her own (the recyclers seed links her). */
  recycler: 'reciclador@demo.puntoverde.co',
} as const;

type DemoAccount = Omit<NewAccount, 'password' | 'id_empresa'> & {
  branchOf?: string;
  /** The phone was confirmed by SMS code (the household's is; the company's landline cannot be). */
  phoneVerified?: boolean;
};

const ACCOUNTS: DemoAccount[] = [
  {
    tc_id: TC_ID.manager,
    email: DEMO_USERS.manager,
    name: 'Gloria Estela Mejía (demo)',
    first_name: 'Gloria Estela',
    last_name: 'Mejía (demo)',
    document_type: 'CC',
    document_number: '43555123',
    phone: '3004567890',
    city: 'Medellín',
    address: 'Calle 44 # 52-165, La Candelaria',
  },
  {
    tc_id: TC_ID.household,
    email: DEMO_USERS.household,
    name: 'Hernán Darío Ospina (demo)',
    first_name: 'Hernán Darío',
    last_name: 'Ospina (demo)',
    document_type: 'CC',
    document_number: '71234567',
    phone: '3012345678',
    phoneVerified: true,
    city: 'Medellín',
    address: 'Carrera 70 # 44-10, Laureles',
  },
  {
    tc_id: TC_ID.company,
    email: DEMO_USERS.company,
    name: 'Reciclados del Aburrá S.A.S. (demo)',
    company_name: 'Reciclados del Aburrá S.A.S. (demo)',
    contact_name: 'Andrea Restrepo',
    nit: '900123456-8',
    phone: '6044445566',
    city: 'Medellín',
    address: 'Carrera 48 # 10-45, El Poblado',
  },
  {
    tc_id: TC_ID.company,
    email: DEMO_USERS.branch,
    branchOf: DEMO_USERS.company,
    name: 'Reciclados del Aburrá — Sede Itagüí (demo)',
    company_name: 'Reciclados del Aburrá — Sede Itagüí (demo)',
    contact_name: 'Julián Cardona',
    nit: '900123456-8',
    phone: '6043778899',
    city: 'Itagüí',
    address: 'Calle 50 # 45-30, Itagüí',
  },
  {
    tc_id: TC_ID.household,
    email: DEMO_USERS.admin,
    name: 'Administración (demo)',
    first_name: 'Administración',
    last_name: 'PuntoVerde (demo)',
    city: 'Medellín',
    is_admin: true,
  },
  {
    tc_id: TC_ID.household,
    email: DEMO_USERS.ally,
    name: 'Caja Supermercados La Canasta (demo)',
    first_name: 'Caja',
    last_name: 'La Canasta (demo)',
    city: 'Medellín',
  },
  {
    tc_id: TC_ID.household,
    email: DEMO_USERS.recycler,
    name: 'María Elena Gómez Ríos (demo)',
    first_name: 'María Elena',
    last_name: 'Gómez Ríos (demo)',
    city: 'Medellín',
  },
];

/**
 * One user of every kind (demo mode). Idempotent: an account that already
 * exists is left as it is (its password may have been changed on purpose).
 */
export const identitySeeder: Seeder = {
  name: 'identity',
  async run(db) {
    for (const { branchOf, phoneVerified, ...account } of ACCOUNTS) {
      if (await findUserByEmail(db, account.email)) continue;
      const head = branchOf ? await findUserByEmail(db, branchOf) : undefined;
      const user = await createAccount(db, {
        ...account,
        password: DEMO_PASSWORD,
        id_empresa: head?.id ?? null,
        consent: { ip: null, userAgent: 'demo seed' },
      });
      if (phoneVerified) {
        await db.updateTable('users').set({ phone_verified_at: nowIso() }).where('id', '=', user.id).execute();
      }
    }
  },
};
