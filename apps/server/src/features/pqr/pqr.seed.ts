import {
  PQR_TRANSFER_TERM_BUSINESS_DAYS,
  formatPqrRadicado,
  pqrTermDays,
  type PqrStatus,
  type PqrType,
} from '@puntoverde/contract';
import type { Seeder } from '../../db/seed/seeder.js';
import { takeNextSequence } from '../../db/sequence.js';
import { addCalendarDays, bogotaDate, type BusinessCalendar, type IsoDate } from './business-days.js';
import * as repo from './pqr.repository.js';
import { loadCalendar } from './pqr-calendar.service.js';

/** Demo accounts created by the identity seeder (README lists them). */
const DEMO_ADMIN_EMAIL = 'admin@demo.puntoverde.co';
const DEMO_HOUSEHOLD_EMAIL = 'hogar@demo.puntoverde.co';

type DemoPqr = {
  /** Filed this many business days before today, at 10:00 in Bogotá. */
  daysAgo: number;
  type: PqrType;
  status: PqrStatus;
  subject: string;
  description: string;
  name: string;
  email: string;
  byHousehold?: boolean;
  assigned?: boolean;
  answer?: string;
  informationRequest?: string;
  note?: string;
};

const DEMO: DemoPqr[] = [
  {
    daysAgo: 25,
    type: 'felicitacion',
    status: 'cerrada',
    subject: 'Gracias por la jornada de posconsumo',
    description:
      'Quiero felicitar al equipo de la jornada de recolección de pilas y aparatos eléctricos en el parque de Belén (demo).',
    name: 'Marta Lucía Restrepo (demo)',
    email: 'marta.restrepo@demo.puntoverde.co',
    answer: 'Gracias por tu mensaje, Marta Lucía. Lo compartimos con todo el equipo de la jornada.',
  },
  {
    daysAgo: 20,
    type: 'reclamo',
    status: 'en_tramite',
    subject: 'No recogieron el material de mi solicitud',
    description:
      'Programé la recolección de cartón y vidrio para el martes y nadie pasó. Tengo el material en la portería desde entonces (demo).',
    name: 'Hernán Darío Ospina (demo)',
    email: DEMO_HOUSEHOLD_EMAIL,
    byHousehold: true,
    assigned: true,
    note: 'El operador confirma que la ruta del martes se canceló por lluvia. Reprogramar y responder.',
  },
  {
    daysAgo: 14,
    type: 'sugerencia',
    status: 'respondida',
    subject: 'Más contenedores de vidrio en Laureles',
    description:
      'Sugiero poner un contenedor de vidrio cerca de la Avenida Nutibara: el más cercano siempre está lleno los lunes (demo).',
    name: 'Juan Camilo Vélez (demo)',
    email: 'juan.velez@demo.puntoverde.co',
    answer: 'Gracias por la sugerencia. Incluimos la Avenida Nutibara en el estudio de nuevos puntos de este semestre.',
  },
  {
    daysAgo: 8,
    type: 'informacion',
    status: 'radicada',
    subject: 'Certificado de material aprovechado 2026',
    description:
      'Solicito copia del certificado de material aprovechado de mi conjunto residencial durante 2026 para el informe a la asamblea (demo).',
    name: 'Conjunto Residencial Los Almendros (demo)',
    email: 'administracion.almendros@demo.puntoverde.co',
  },
  {
    daysAgo: 4,
    type: 'queja',
    status: 'pendiente_informacion',
    subject: 'Punto crítico de basuras en la esquina',
    description:
      'En la esquina de mi cuadra dejan bolsas y escombros todas las noches. Hay malos olores y ratas (demo).',
    name: 'Hernán Darío Ospina (demo)',
    email: DEMO_HOUSEHOLD_EMAIL,
    byHousehold: true,
    informationRequest: 'Indícanos la dirección exacta de la esquina y, si puedes, envía una foto del lugar.',
  },
  {
    daysAgo: 1,
    type: 'peticion',
    status: 'radicada',
    subject: 'Horario del punto limpio de La Candelaria',
    description: '¿El punto limpio de La Candelaria abre los festivos? Quiero llevar aceite usado de cocina (demo).',
    name: 'Sandra Milena Ríos (demo)',
    email: 'sandra.rios@demo.puntoverde.co',
  },
];

function businessDaysBefore(calendar: BusinessCalendar, date: IsoDate, n: number): IsoDate {
  let d = date;
  let left = n;
  while (left > 0) {
    d = addCalendarDays(d, -1);
    if (calendar.isBusinessDay(d)) left -= 1;
  }
  return d;
}

/** A few PQRs in every state so the inbox, tracking and the report have content (demo mode). */
export const pqrDemoSeeder: Seeder = {
  name: 'pqr',
  async run(db) {
    const existing = await db.selectFrom('pqr').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    const users = await db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where('email', 'in', [DEMO_ADMIN_EMAIL, DEMO_HOUSEHOLD_EMAIL])
      .execute();
    const admin = users.find((u) => u.email === DEMO_ADMIN_EMAIL);
    const household = users.find((u) => u.email === DEMO_HOUSEHOLD_EMAIL);
    const calendar = await loadCalendar(db);
    const today = bogotaDate(new Date());

    await db.transaction().execute(async (trx) => {
      for (const p of DEMO) {
        const filedOn = businessDaysBefore(calendar, today, p.daysAgo);
        const filedAt = new Date(`${filedOn}T10:00:00-05:00`);
        const filedIso = filedAt.toISOString();
        const term = pqrTermDays(p.type);
        const { receivedOn, dueDate } = calendar.dueDate(filedAt, term);
        const year = Number(filedOn.slice(0, 4));
        const sequence = await takeNextSequence(trx, 'pqr', year);
        const later = (days: number) =>
          new Date(`${calendar.addBusinessDays(filedOn, days)}T15:30:00-05:00`).toISOString();
        const answeredAt = p.answer ? later(Math.min(3, p.daysAgo - 1)) : null;
        const pausedOn = p.informationRequest ? calendar.addBusinessDays(filedOn, 1) : null;
        const row = await repo.insertPqr(trx, {
          radicado: formatPqrRadicado(year, sequence),
          year,
          sequence,
          type: p.type,
          personal_data_kind: null,
          subject: p.subject,
          description: p.description,
          requester_user_id: p.byHousehold ? (household?.id ?? null) : null,
          name: p.name,
          document_type: 'CC',
          document_number: String(43000000 + sequence),
          email: p.email,
          phone: null,
          answer_channel: 'email',
          status: p.status,
          filed_at: filedIso,
          received_on: receivedOn,
          term_days: term,
          original_due_date: dueDate,
          due_date: pausedOn ? null : dueDate,
          transfer_due_date: calendar.addBusinessDays(receivedOn, PQR_TRANSFER_TERM_BUSINESS_DAYS),
          paused_on: pausedOn,
          paused_business_days_left: pausedOn ? calendar.businessDaysBetween(pausedOn, dueDate) : null,
          information_request: p.informationRequest ?? null,
          information_requested_at: pausedOn ? later(1) : null,
          assigned_to: p.assigned || p.answer ? (admin?.id ?? null) : null,
          answer_text: p.answer ?? null,
          answered_at: answeredAt,
          answered_by: p.answer ? (admin?.id ?? null) : null,
          closed_at: p.status === 'cerrada' ? later(Math.min(5, p.daysAgo)) : null,
          data_policy_accepted_at: filedIso,
          created_at: filedIso,
          updated_at: filedIso,
        });
        const staff = { actor_user_id: admin?.id ?? null, actor_name: admin?.name ?? 'Equipo PuntoVerde' };
        const events: Parameters<typeof repo.insertEvent>[1][] = [
          {
            pqr_id: row.id,
            kind: 'filed',
            to_status: 'radicada',
            actor_user_id: p.byHousehold ? (household?.id ?? null) : null,
            actor_name: p.byHousehold ? (household?.name ?? 'Peticionario') : 'Peticionario',
            created_at: filedIso,
          },
        ];
        if (p.status !== 'radicada') {
          events.push({
            pqr_id: row.id,
            kind: 'status',
            from_status: 'radicada',
            to_status: 'en_tramite',
            ...staff,
            created_at: later(1),
          });
        }
        if (p.note)
          events.push({ pqr_id: row.id, kind: 'note', message: p.note, internal: 1, ...staff, created_at: later(2) });
        if (p.informationRequest) {
          events.push({
            pqr_id: row.id,
            kind: 'information_request',
            from_status: 'en_tramite',
            to_status: 'pendiente_informacion',
            message: p.informationRequest,
            ...staff,
            created_at: later(1),
          });
        }
        if (p.answer && answeredAt) {
          events.push({
            pqr_id: row.id,
            kind: 'answer',
            from_status: 'en_tramite',
            to_status: 'respondida',
            message: p.answer,
            ...staff,
            created_at: answeredAt,
          });
        }
        if (p.status === 'cerrada') {
          events.push({
            pqr_id: row.id,
            kind: 'status',
            from_status: 'respondida',
            to_status: 'cerrada',
            ...staff,
            created_at: later(Math.min(5, p.daysAgo)),
          });
        }
        for (const e of events) await repo.insertEvent(trx, e);
      }
    });
  },
};
