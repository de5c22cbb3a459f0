import { REQUEST_STATUSES, type RequestStatus } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import {
  buildRequestsWorld,
  changeRequestStatus,
  createRequest,
  type RequestsWorld,
  statusBody,
} from '../../../test/factories/requests.js';
import { type Actor } from '../../../test/factories/users.js';

/**
 * Every status change through the API, from every status, by every kind of caller, on the
 * current database: a branch asks (so its company head is involved), the manager of the
 * request's point, the manager of another point, an admin, another household and another
 * company's head. Expected outcomes are written out from the feature's rules.
 */

type ActorName = 'requester' | 'head' | 'manager' | 'otherManager' | 'admin' | 'otherHousehold' | 'otherHead';
const ACTORS: ActorName[] = ['requester', 'head', 'manager', 'otherManager', 'admin', 'otherHousehold', 'otherHead'];

function expected(actor: ActorName, from: RequestStatus, to: RequestStatus): number {
  // Callers with nothing to do with the request may not even see it.
  if (actor === 'otherManager' || actor === 'otherHousehold' || actor === 'otherHead') return 404;
  if (to === 'pendiente') return 409;
  const staff = actor === 'manager' || actor === 'admin';
  const legal: Record<RequestStatus, RequestStatus[]> = {
    pendiente: ['aceptada', 'rechazada', 'cancelada'],
    aceptada: ['programada', 'rechazada', 'cancelada'],
    programada: ['programada', 'recogida', 'rechazada'],
    recogida: [],
    rechazada: [],
    cancelada: [],
  };
  const mayEver = to === 'cancelada' ? actor === 'requester' : staff;
  if (!mayEver) return 403;
  return legal[from].includes(to) ? 200 : 409;
}

/** The path from pendiente to each status, taken by the point's manager or the requester. */
const PATH: Record<RequestStatus, RequestStatus[]> = {
  pendiente: [],
  aceptada: ['aceptada'],
  programada: ['aceptada', 'programada'],
  recogida: ['aceptada', 'programada', 'recogida'],
  rechazada: ['rechazada'],
  cancelada: ['cancelada'],
};

let t: TestApp;
let w: RequestsWorld;
let who: Record<ActorName, Actor>;
/** One request parked in each status, reused for every refused attempt (they change nothing). */
const parked = new Map<RequestStatus, number>();

async function requestIn(status: RequestStatus): Promise<number> {
  const r = await createRequest(t.app, w.branch1);
  for (const step of PATH[status]) {
    const by = step === 'cancelada' ? w.branch1 : w.manager1;
    const res = await changeRequestStatus(t.app, by, r.id, statusBody(step));
    if (res.statusCode !== 200) throw new Error(`setup ${step}: ${res.statusCode} ${res.body}`);
  }
  return r.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildRequestsWorld(t.app);
  who = {
    requester: w.branch1,
    head: w.head1,
    manager: w.manager1,
    otherManager: w.manager2,
    admin: w.admin,
    otherHousehold: w.householdB,
    otherHead: w.head2,
  };
  for (const s of REQUEST_STATUSES) parked.set(s, await requestIn(s));
});
afterAll(() => t.close());

const cases: [ActorName, RequestStatus, RequestStatus, number][] = [];
for (const actor of ACTORS) {
  for (const from of REQUEST_STATUSES) for (const to of REQUEST_STATUSES) cases.push([actor, from, to, expected(actor, from, to)]);
}

describe('status changes through the API', () => {
  it.each(cases)('%s moving a request from %s to %s → %i', async (actor, from, to, status) => {
    // A success changes the request, so it gets a fresh one; refusals share the parked one.
    const id = status === 200 ? await requestIn(from) : parked.get(from)!;
    const res = await changeRequestStatus(t.app, who[actor], id, statusBody(to));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 409) expect(res.json().code).toBe('invalid-transition');
    if (status === 403) expect(res.json().code).toBe('transition-forbidden');
    if (status === 404) expect(res.json().code).toBe('request-not-found');
    if (status === 200) expect(res.json().data.status).toBe(to);
  });

  it('left every parked request where it was', async () => {
    for (const [status, id] of parked) {
      const row = await t.app.db.selectFrom('pickup_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe(status);
    }
  });
});
