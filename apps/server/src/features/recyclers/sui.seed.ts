import type { Seeder } from '../../db/seed/seeder.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { bogotaDay } from '../statistics/statistics.service.js';
import * as dashboard from './dashboard.service.js';
import * as recyclers from './recyclers.service.js';
import { DEMO_ORGANIZATION_NAME } from './recyclers.seed.js';
import * as sui from './sui.service.js';

const MANAGER = 'gestor@demo.puntoverde.co';

/**
 * The demo organisation's SUI settings (its rejects go to a landfill with a SUI number) and this
 * month's payouts to the members who weighed, so the pre-flight and the dashboard have content.
 * Runs once (when the organisation has no SUI settings).
 */
export const recyclersSuiDemoSeeder: Seeder = {
  name: 'recyclers-sui',
  async run(db) {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'tc_id', 'id_empresa', 'is_admin'])
      .where('email', '=', MANAGER)
      .executeTakeFirst();
    if (!row) return;
    const manager: AuthUser = {
      id: row.id,
      tc_id: row.tc_id,
      id_empresa: row.id_empresa,
      is_admin: row.is_admin === 1,
      email: row.email,
      name: row.name,
      session_id: 'demo-seed',
      must_change_password: false,
    };
    const org = (await recyclers.listOrganizations(db, manager)).find((o) => o.name === DEMO_ORGANIZATION_NAME);
    if (!org) return;
    const current = await sui.getSettings(db, manager, org.id);
    if (current.reject_destination !== null) return;
    await sui.saveSettings(db, manager, org.id, { reject_destination: 1, reject_site_number: '5001000077', waste_origin: 1, area: 2 });
    // Last month (the demo's month of tickets mostly falls there) and this one.
    const today = bogotaDay(new Date());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    for (const month of [last, today.slice(0, 7)]) {
      const board = await dashboard.dashboard(db, manager, org.id, month);
      for (const member of board.by_member)
        if (member.weighed_kg > 0)
          await dashboard.recordPayout(db, manager, org.id, {
            member_id: member.member_id,
            month,
            // What the organisation passed on from the month's sales: 400 pesos a usable kilo, in hundreds.
            amount_cop: Math.round(((member.weighed_kg - member.rejected_kg) * 400) / 100) * 100 || 100,
            note: null,
          });
    }
  },
};
