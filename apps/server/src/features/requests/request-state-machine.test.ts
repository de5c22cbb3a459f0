import { REQUEST_STATUSES, type RequestStatus } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import {
  REQUEST_ROLES,
  allowedTransitions,
  canSeeRequest,
  decideTransition,
  type RequestRole,
} from './request-state-machine.js';

/**
 * The expected outcome of every (from, to) pair for each single role, written out by hand from
 * the feature's rules rather than derived from the implementation's table.
 * ok = allowed; 403 = this role may never do it; 409 = the role could, but not from `from`.
 */
type Outcome = 'ok' | 403 | 409;
const S = REQUEST_STATUSES;

function expected(role: RequestRole | 'none', from: RequestStatus, to: RequestStatus): Outcome {
  if (to === 'pendiente') return 409; // nobody moves a request back to pendiente
  const staff = role === 'point-manager' || role === 'admin';
  const requester = role === 'requester';
  switch (to) {
    case 'cancelada':
      if (!requester) return 403;
      return from === 'pendiente' || from === 'aceptada' ? 'ok' : 409;
    case 'aceptada':
      if (!staff) return 403;
      return from === 'pendiente' ? 'ok' : 409;
    case 'programada':
      if (!staff) return 403;
      return from === 'aceptada' || from === 'programada' ? 'ok' : 409;
    case 'recogida':
      if (!staff) return 403;
      return from === 'programada' ? 'ok' : 409;
    case 'rechazada':
      if (!staff) return 403;
      return from === 'pendiente' || from === 'aceptada' || from === 'programada' ? 'ok' : 409;
  }
}

function outcome(from: RequestStatus, to: RequestStatus, roles: RequestRole[]): Outcome {
  const d = decideTransition(from, to, new Set(roles));
  if (d.ok) return 'ok';
  return d.error === 'transition-forbidden' ? 403 : 409;
}

const cases: [RequestRole | 'none', RequestStatus, RequestStatus][] = [];
for (const role of [...REQUEST_ROLES, 'none' as const]) {
  for (const from of S) for (const to of S) cases.push([role, from, to]);
}

describe('request state machine', () => {
  it.each(cases)('%s moving %s → %s', (role, from, to) => {
    expect(outcome(from, to, role === 'none' ? [] : [role])).toBe(expected(role, from, to));
  });

  it('covers 6 × 6 transitions for each of the 5 role cases', () => {
    expect(cases).toHaveLength(180);
  });

  it('lets nothing leave recogida, rechazada or cancelada, whoever asks', () => {
    for (const from of ['recogida', 'rechazada', 'cancelada'] as const) {
      expect(allowedTransitions(from, new Set(REQUEST_ROLES))).toEqual([]);
    }
  });

  it('gives a requester who also administers the scheme both sets of actions', () => {
    expect(allowedTransitions('pendiente', new Set<RequestRole>(['requester', 'admin']))).toEqual([
      'aceptada',
      'rechazada',
      'cancelada',
    ]);
  });

  it('offers the point manager accept or reject on a pending request, and the requester only cancel', () => {
    expect(allowedTransitions('pendiente', new Set<RequestRole>(['point-manager']))).toEqual(['aceptada', 'rechazada']);
    expect(allowedTransitions('pendiente', new Set<RequestRole>(['requester']))).toEqual(['cancelada']);
    expect(allowedTransitions('aceptada', new Set<RequestRole>(['requester']))).toEqual(['cancelada']);
    expect(allowedTransitions('programada', new Set<RequestRole>(['requester']))).toEqual([]);
  });

  it('offers a company head nothing on its branch requests', () => {
    for (const from of S) expect(allowedTransitions(from, new Set<RequestRole>(['company-head']))).toEqual([]);
  });

  it('shows a request only to a caller with some role on it', () => {
    expect(canSeeRequest(new Set())).toBe(false);
    expect(canSeeRequest(new Set<RequestRole>(['company-head']))).toBe(true);
  });
});
