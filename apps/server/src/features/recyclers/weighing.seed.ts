import type { Seeder } from '../../db/seed/seeder.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { saveFile, storageFromConfig } from '../files/files.service.js';
import { createMemoryBus } from '../realtime/realtime.service.js';
import { bogotaDay as bogotaDate } from '../statistics/statistics.service.js';
import * as recyclers from './recyclers.service.js';
import { DEMO_ORGANIZATION_NAME } from './recyclers.seed.js';
import * as weighing from './weighing.service.js';

const MANAGER = 'gestor@demo.puntoverde.co';
const RECYCLER = 'reciclador@demo.puntoverde.co';
/** The demo member who has a phone of her own (the account above). */
const RECYCLER_DOCUMENT = '43512876';

type DemoUser = { id: number; tc_id: number; id_empresa: number | null; is_admin: number; email: string; name: string };
const asUser = (u: DemoUser): AuthUser => ({
  id: u.id,
  tc_id: u.tc_id,
  id_empresa: u.id_empresa,
  is_admin: u.is_admin === 1,
  email: u.email,
  name: u.name,
  session_id: 'demo-seed',
  must_change_password: false,
});

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const isSunday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

/** A deterministic sequence in [0, 1), so every demo database gets the same month. */
function sequence(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/** A hand-drawn-looking signature as a PNG (a wavy stroke). */
async function signaturePng(seed: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const points = Array.from({ length: 24 }, (_, i) => `${20 + i * 11},${60 + Math.round(25 * Math.sin(i * 0.7 + seed))}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120"><rect width="300" height="120" fill="#fff"/><polyline points="${points.join(' ')}" fill="none" stroke="#123" stroke-width="3"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The demo organisation's weighing: a scale in use and one whose verification expired, a month of
 * scale tickets (the member with an account confirms on her phone, the others sign on the
 * coordinator's screen; her last two wait for her confirmation; one corrected), and a few sales,
 * so the coordinator's screens and Mis pesajes have content. Runs once (when the ECA has no scale).
 */
export const recyclersWeighingDemoSeeder: Seeder = {
  name: 'recyclers-weighing',
  async run(db, ctx) {
    const users = (await db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'tc_id', 'id_empresa', 'is_admin'])
      .where('email', 'in', [MANAGER, RECYCLER])
      .execute()) as DemoUser[];
    const managerRow = users.find((u) => u.email === MANAGER);
    if (!managerRow) return;
    const manager = asUser(managerRow);
    const org = (await recyclers.listOrganizations(db, manager)).find((o) => o.name === DEMO_ORGANIZATION_NAME);
    if (!org) return;
    if ((await weighing.listScales(db, manager, org.id)).length) return;
    const full = await recyclers.getOrganization(db, org.id);
    const eca = full.ecas[0];
    const macro = full.macro_routes[0];
    if (!eca) return;

    let members = await recyclers.listMembers(db, manager, org.id, {});
    const recyclerRow = users.find((u) => u.email === RECYCLER);
    const her = members.find((m) => m.id_number === RECYCLER_DOCUMENT);
    if (recyclerRow && her && !her.account) {
      await recyclers.updateMember(db, manager, org.id, her.id, { account_email: RECYCLER });
      members = await recyclers.listMembers(db, manager, org.id, {});
    }
    members = members.filter((m) => m.status === 'activo');
    if (!members.length) return;

    const now = new Date();
    const today = bogotaDate(now);
    const scale = await weighing.createScale(db, manager, org.id, eca.point_id, {
      serial: 'BAS-LAU-01',
      capacity_kg: 1500,
      division_g: 200,
      certificate_number: 'SIC-VM-2026-0451',
      certificate_expires_on: addDays(today, 300),
      active: true,
    });
    await weighing.createScale(db, manager, org.id, eca.point_id, {
      serial: 'BAS-LAU-02',
      capacity_kg: 300,
      division_g: 100,
      certificate_number: 'SIC-VM-2025-0118',
      certificate_expires_on: addDays(today, -35),
      active: true,
    });

    const storage = storageFromConfig(ctx.config);
    const signatures = new Map<number, string>();
    for (const [i, m] of members.entries()) {
      if (m.account) continue;
      const body = await signaturePng(i);
      const file = await saveFile(db, storage, { kind: 'image', mime: 'image/png', body, width: 300, height: 120 }, {
        ownerId: manager.id,
      });
      signatures.set(m.id, file.public_id);
    }

    const deps: weighing.WeighingDeps = { db, bus: createMemoryBus(), fileSecret: ctx.config.tokenSecret, storage };
    const random = sequence(20261203);
    const kg = (min: number, max: number) => Math.round((min + random() * (max - min)) * 10) / 10;
    const herTickets: number[] = [];
    let turn = 0;
    for (let back = 30; back >= 1; back -= 1) {
      const day = addDays(today, -back);
      if (isSunday(day)) continue;
      for (const hour of [9, 14]) {
        const member = members[turn % members.length]!;
        turn += 1;
        const at = new Date(`${day}T${String(hour).padStart(2, '0')}:${String(turn % 60).padStart(2, '0')}:00-05:00`);
        const carton = kg(25, 70);
        const pet = kg(6, 18);
        const lines = [
          { material: 'carton', gross_kg: carton, tare_kg: 4.5, reject_kg: Math.round(carton * 0.06 * 10) / 10 },
          { material: 'pet', gross_kg: pet, tare_kg: 1.2, reject_kg: Math.round(pet * 0.04 * 10) / 10 },
        ];
        if (turn % 3 === 0) lines.push({ material: 'plegadiza', gross_kg: kg(8, 20), tare_kg: 1, reject_kg: 0.5 });
        const ticket = await weighing.createTicket(
          deps,
          manager,
          org.id,
          {
            eca_point_id: eca.point_id,
            scale_id: scale.id,
            member_id: member.id,
            macro_route_id: macro?.id ?? null,
            micro_route_id: null,
            lines: lines.map((l) => ({ ...l, pickup_id: null })),
            pickups: [],
            corrects_ticket_id: null,
            void_reason: null,
          },
          at,
          // The demo month is history: no notifications for it.
          { notifyMember: false },
        );
        const confirmedAt = new Date(at.getTime() + 10 * 60_000);
        if (member.account && recyclerRow) herTickets.push(ticket.id);
        else if (signatures.has(member.id))
          await weighing.confirmBySignature(deps, manager, org.id, ticket.id, signatures.get(member.id)!, confirmedAt);
      }
    }
    // Her tickets: confirmed on her phone, but for the last two, which wait for her.
    if (recyclerRow) {
      const recycler = asUser(recyclerRow);
      for (const id of herTickets.slice(0, -2)) await weighing.confirmMine(deps, recycler, id);
    }

    // A few sales of the month, well within the ECA's stock.
    const stock = await weighing.stock(db, manager, org.id);
    const left = (material: string) => stock.find((s) => s.material === material && s.eca_point_id === eca.point_id)?.stock_kg ?? 0;
    const sales = [
      { back: 21, invoice: 'FE-1021', share: 0.3, buyer: ['NIT', '800197268-4', 'Comercializadora Antioqueña de Reciclables S.A.S.'] },
      { back: 12, invoice: 'FE-1034', share: 0.3, buyer: ['NIT', '890900608-9', 'Cartones y Papeles del Valle de Aburrá S.A.'] },
      { back: 4, invoice: 'FE-1047', share: 0.2, buyer: ['CC', '70123456', 'Luis Fernando Arango (chatarrería)'] },
    ] as const;
    const sold = { carton: 0, pet: 0 };
    for (const [i, s] of sales.entries()) {
      const lines = (['carton', 'pet'] as const).flatMap((material) => {
        const kgSold = Math.floor(left(material) * s.share);
        sold[material] += kgSold;
        return kgSold > 0
          ? [{ material, kg: kgSold, price_per_kg: material === 'carton' ? 520 : 1150, vat_rate: 0 }]
          : [];
      });
      if (!lines.length) continue;
      await weighing.createSale(db, manager, org.id, {
        eca_point_id: eca.point_id,
        buyer_id_type: s.buyer[0],
        buyer_id_number: s.buyer[1],
        buyer_name: s.buyer[2],
        invoice_number: s.invoice,
        invoice_date: addDays(today, -s.back),
        cufe: i === 2 ? null : (i + 1).toString(16).repeat(96),
        lines,
      });
    }
  },
};
