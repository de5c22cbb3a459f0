import { nitCheckDigit } from '@puntoverde/contract';
import type { FastifyInstance } from 'fastify';
import { bogotaDay } from '../../src/features/statistics/statistics.service.js';
import { assignManagers, createPoints } from './points.js';
import { createActor } from './users.js';

/**
 * Collected kilograms, written the way the requests feature writes them (items carry the
 * requester, company, point and Bogotá day), and a small hand-counted ledger for the statistics
 * and certificate tests.
 */

export const COMPANY_NIT_BASE = '900123456';
export const COMPANY_NIT = `${COMPANY_NIT_BASE}-${nitCheckDigit(COMPANY_NIT_BASE)}`;

/** Material ids by catalogue code. */
export async function materialIds(app: FastifyInstance): Promise<Record<string, number>> {
  const rows = await app.db.selectFrom('materials').select(['id', 'code']).execute();
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

/** One pickup request collected at `at` (an instant), with the kg recorded per material. */
export async function collected(
  app: FastifyInstance,
  input: {
    requester: { id: number };
    companyId: number | null;
    pointId: number;
    at: string;
    items: Record<string, number>;
    status?: string;
  },
): Promise<number> {
  const ids = await materialIds(app);
  const status = input.status ?? 'recogida';
  const done = status === 'recogida';
  const day = bogotaDay(new Date(input.at));
  const total = Object.values(input.items).reduce((s, v) => s + v, 0);
  const { id } = await app.db
    .insertInto('pickup_requests')
    .values({
      requester_id: input.requester.id,
      company_id: input.companyId,
      point_id: input.pointId,
      status,
      address: 'Calle 10 # 43-20',
      lat: 6.2,
      lng: -75.57,
      preferred_date: day,
      time_window: 'manana',
      pickup_date: day,
      notes: null,
      scheduled_at: null,
      rejection_reason: null,
      cancellation_reason: null,
      collected_at: done ? input.at : null,
      total_estimated_kg: total,
      total_actual_kg: done ? total : null,
      created_at: input.at,
      updated_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('pickup_request_items')
    .values(
      Object.entries(input.items).map(([code, kg]) => ({
        request_id: id,
        material_id: ids[code]!,
        estimated_kg: kg,
        units: null,
        actual_kg: done ? kg : null,
        requester_id: input.requester.id,
        company_id: input.companyId,
        point_id: input.pointId,
        collected_at: done ? input.at : null,
        collected_on: done ? day : null,
      })),
    )
    .execute();
  return id;
}

/**
 * A household, a company with two branches, another company, a point manager and staff, with
 * collections across January–April 2026 (the figures the statistics tests count by hand).
 */
export async function buildLedgerWorld(app: FastifyInstance) {
  const [p1, p2] = await createPoints(app.db, [
    { name: 'ECA Laureles', lat: 6.245, lng: -75.59, materials: ['pet', 'carton', 'vidrio'], kind: 'eca' },
    {
      name: 'Punto Limpio Envigado',
      lat: 6.17,
      lng: -75.58,
      materials: ['pet', 'carton', 'aluminio'],
      city: 'Envigado',
    },
  ]);
  const manager = await createActor(app, { tc_id: 1, name: 'Gestora Laureles' });
  await assignManagers(app.db, [{ pointId: p1!, userId: manager.id }]);
  const household = await createActor(app, {
    name: 'Ana Hogar',
    document_type: 'CC',
    document_number: '43123456',
    address: 'Carrera 70 # 44-10',
    city: 'Medellín',
  });
  const head = await createActor(app, {
    tc_id: 3,
    name: 'Reciclemos S.A.S.',
    company_name: 'Reciclemos S.A.S.',
    nit: COMPANY_NIT,
    address: 'Calle 30 # 65-12',
    city: 'Medellín',
  });
  const branch1 = await createActor(app, {
    tc_id: 3,
    name: 'Reciclemos — Sede Belén',
    id_empresa: head.id,
    address: 'Calle 33 # 76-40',
    city: 'Medellín',
  });
  const branch2 = await createActor(app, {
    tc_id: 3,
    name: 'Reciclemos — Sede Envigado',
    id_empresa: head.id,
    address: 'Carrera 43A # 38S-20',
    city: 'Envigado',
  });
  const otherHead = await createActor(app, { tc_id: 3, name: 'Otra Empresa S.A.S.' });
  const otherBranch = await createActor(app, { tc_id: 3, name: 'Otra Empresa — Centro', id_empresa: otherHead.id });
  const admin = await createActor(app, { is_admin: true, name: 'Admin PuntoVerde' });

  // Household at p1. 2026-02-01T04:30Z is 2026-01-31 23:30 in Bogotá: January.
  await collected(app, {
    requester: household,
    companyId: null,
    pointId: p1!,
    at: '2026-01-10T15:00:00.000Z',
    items: { pet: 2.5, carton: 4 },
  });
  await collected(app, {
    requester: household,
    companyId: null,
    pointId: p1!,
    at: '2026-02-01T04:30:00.000Z',
    items: { pet: 1.5 },
  });
  // 2026-02-01T05:00Z is midnight in Bogotá: February.
  await collected(app, {
    requester: household,
    companyId: null,
    pointId: p1!,
    at: '2026-02-01T05:00:00.000Z',
    items: { vidrio: 3 },
  });
  // Estimated only (still pending): never counted.
  await collected(app, {
    requester: household,
    companyId: null,
    pointId: p1!,
    at: '2026-01-20T15:00:00.000Z',
    items: { pet: 10 },
    status: 'pendiente',
  });

  // The company at p2: head 10 cartón; branch 1 5 PET (March) + 2 aluminio (April); branch 2 20 cartón.
  await collected(app, {
    requester: head,
    companyId: head.id,
    pointId: p2!,
    at: '2026-03-05T15:00:00.000Z',
    items: { carton: 10 },
  });
  await collected(app, {
    requester: branch1,
    companyId: head.id,
    pointId: p2!,
    at: '2026-03-10T15:00:00.000Z',
    items: { pet: 5 },
  });
  await collected(app, {
    requester: branch1,
    companyId: head.id,
    pointId: p2!,
    at: '2026-04-02T15:00:00.000Z',
    items: { aluminio: 2 },
  });
  await collected(app, {
    requester: branch2,
    companyId: head.id,
    pointId: p2!,
    at: '2026-03-20T15:00:00.000Z',
    items: { carton: 20 },
  });
  // Another company: never in Reciclemos's figures.
  await collected(app, {
    requester: otherBranch,
    companyId: otherHead.id,
    pointId: p2!,
    at: '2026-03-10T15:00:00.000Z',
    items: { carton: 100 },
  });

  return { points: { p1: p1!, p2: p2! }, manager, household, head, branch1, branch2, otherHead, otherBranch, admin };
}

export type LedgerWorld = Awaited<ReturnType<typeof buildLedgerWorld>>;
