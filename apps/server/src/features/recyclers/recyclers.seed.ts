import type { MemberCreate } from '@puntoverde/contract';
import type { Seeder } from '../../db/seed/seeder.js';
import type { AuthUser } from '../../lib/auth-user.js';
import * as recyclers from './recyclers.service.js';

const ADMIN = 'admin@demo.puntoverde.co';
const MANAGER = 'gestor@demo.puntoverde.co';
const ECA_NAME = 'ECA Laureles La 70 (demo)';
export const DEMO_ORGANIZATION_NAME = 'Asociación de Recicladores Demo';

/** Demo members: recorded by the coordinator, most without an account (many have no phone). */
const MEMBERS: Array<Omit<MemberCreate, 'data_consent' | 'photo_id' | 'account_email' | 'status'>> = [
  {
    id_type: 'CC',
    id_number: '43512876',
    name: 'María Elena Gómez Ríos',
    birth_date: '1968-03-14',
    id_issue_date: '1986-05-02',
    phone: '3105557788',
    address: 'Calle 48 # 72-15, Medellín',
    municipality_dane: '05001',
    vehicle_type: 'carreta',
    plate: null,
  },
  {
    id_type: 'CC',
    id_number: '71654321',
    name: 'Jorge Iván Restrepo',
    birth_date: '1979-11-02',
    id_issue_date: '1997-12-10',
    phone: null,
    address: null,
    municipality_dane: '05001',
    vehicle_type: 'motocarro',
    plate: '123ABC',
  },
  {
    id_type: 'CE',
    id_number: 'V28456123',
    name: 'Yorman José Pérez',
    birth_date: '1992-07-21',
    id_issue_date: '2019-02-11',
    phone: '3206668899',
    address: 'Carrera 65 # 30-40, Medellín',
    municipality_dane: '05001',
    vehicle_type: 'triciclo',
    plate: null,
  },
  {
    id_type: 'CC',
    id_number: '1037612345',
    name: 'Luz Dary Cardona',
    birth_date: '1988-01-30',
    id_issue_date: '2006-02-15',
    phone: null,
    address: null,
    municipality_dane: '05088',
    vehicle_type: 'ninguno',
    plate: null,
  },
];

/**
 * The demo organisation of recicladores: it runs the demo manager's ECA, the demo manager
 * coordinates it, with a service area, a macro-route with two micro-routes and a few members.
 */
export const recyclersDemoSeeder: Seeder = {
  name: 'recyclers',
  async run(db) {
    if ((await recyclers.listOrganizations(db, { is_admin: true } as AuthUser)).length) return;
    const users = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'tc_id', 'id_empresa', 'is_admin'])
      .where('email', 'in', [ADMIN, MANAGER])
      .execute();
    const point = await db.selectFrom('points').select('id').where('name', '=', ECA_NAME).executeTakeFirst();
    const asUser = (email: string): AuthUser | undefined => {
      const u = users.find((r) => r.email === email);
      return u
        ? {
            id: u.id,
            tc_id: u.tc_id,
            id_empresa: u.id_empresa,
            is_admin: u.is_admin === 1,
            email: u.email,
            name: u.name,
            session_id: 'demo-seed',
            must_change_password: false,
          }
        : undefined;
    };
    const admin = asUser(ADMIN);
    const manager = asUser(MANAGER);
    if (!admin || !manager || !point) return;

    const org = await recyclers.createOrganization(db, admin, {
      name: DEMO_ORGANIZATION_NAME,
      nit: '900123456-8',
      rups_id: '2750001',
      regime: 'decreto-1381-2024',
      regime_stage: 2,
    });
    await recyclers.linkEca(db, admin, org.id, point.id);
    await recyclers.addCoordinator(db, admin, org.id, { email: MANAGER });
    const withArea = await recyclers.addServiceArea(db, manager, org.id, {
      nuap: '2001',
      name: 'Medellín, comunas 11 y 12',
      municipality_dane: '05001',
    });
    const areaId = withArea.service_areas[0]!.id;
    await recyclers.updateEca(db, manager, org.id, point.id, {
      nueca: '50010101',
      service_area_id: areaId,
      operation_start: '2018-06-01',
      ownership: 1,
      contract: 1,
      capacity_t_month: 90,
      storage_m3: 250,
      storage_t: 30,
      land_use_compatible: true,
      land_use_kind: 'Comercial',
      status: 1,
      status_date: '2018-06-01',
    });
    const withMacro = await recyclers.addMacroRoute(db, manager, org.id, {
      numacro: '101',
      name: 'Laureles – Estadio',
      service_area_id: areaId,
    });
    const macroId = withMacro.macro_routes[0]!.id;
    await recyclers.addMicroRoute(db, manager, org.id, macroId, {
      name: 'Laureles primer parque',
      days: ['mo', 'we', 'fr'],
      start_time: '06:00',
      end_time: '11:00',
      km: 7.5,
      eca_point_id: point.id,
    });
    await recyclers.addMicroRoute(db, manager, org.id, macroId, {
      name: 'Estadio – Velódromo',
      days: ['tu', 'th', 'sa'],
      start_time: '06:30',
      end_time: '12:00',
      km: 9.2,
      eca_point_id: point.id,
    });
    for (const m of MEMBERS) {
      await recyclers.createMember(db, manager, org.id, {
        ...m,
        status: 'activo',
        photo_id: null,
        account_email: null,
        data_consent: true,
      });
    }
  },
};
