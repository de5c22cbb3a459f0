import { REQUEST_STATUSES, type RequestStatus } from '@puntoverde/contract';

/**
 * The pickup request's state machine, pure: no database, no clock.
 *
 *   pendiente ──accept──▶ aceptada ──schedule──▶ programada ──collect──▶ recogida
 *       │                    │                     │  ▲ (reschedule)
 *       ├──reject──▶ rechazada ◀──reject───────────┘──┘
 *       └──cancel──▶ cancelada ◀──cancel── aceptada
 *
 * Who: the requester cancels (while pendiente or aceptada); the managers of the request's point
 * and admins accept, schedule, reject (reason required) and collect. A company head sees its
 * branches' requests but does not act on them.
 */

/** How the caller relates to one request; a caller may hold several roles at once. */
export type RequestRole = 'requester' | 'company-head' | 'point-manager' | 'admin';
export const REQUEST_ROLES: readonly RequestRole[] = ['requester', 'company-head', 'point-manager', 'admin'];

const STAFF: readonly RequestRole[] = ['point-manager', 'admin'];
const REQUESTER: readonly RequestRole[] = ['requester'];

/** Every legal edge and who may take it. Anything not listed is illegal. */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, Partial<Record<RequestStatus, readonly RequestRole[]>>>> = {
  pendiente: { aceptada: STAFF, rechazada: STAFF, cancelada: REQUESTER },
  aceptada: { programada: STAFF, rechazada: STAFF, cancelada: REQUESTER },
  // programada → programada: the manager moves the pickup to another date/time.
  programada: { programada: STAFF, recogida: STAFF, rechazada: STAFF },
  recogida: {},
  rechazada: {},
  cancelada: {},
};

/** Roles that may ever move a request into `to`, from any status. */
function rolesReaching(to: RequestStatus): Set<RequestRole> {
  const roles = new Set<RequestRole>();
  for (const from of REQUEST_STATUSES) {
    for (const role of REQUEST_TRANSITIONS[from][to] ?? []) roles.add(role);
  }
  return roles;
}

export type TransitionDecision =
  | { ok: true }
  /** The caller's roles never allow this target (403). */
  | { ok: false; error: 'transition-forbidden' }
  /** Not a legal edge from the current status (409). */
  | { ok: false; error: 'invalid-transition' };

/**
 * Decides a status change. A caller whose roles could never reach `to` gets 403 whatever the
 * current status; a caller who could, but not from here (e.g. cancelling a collected request),
 * gets 409. A target nobody may ever reach (`pendiente`) is an illegal transition (409).
 */
export function decideTransition(
  from: RequestStatus,
  to: RequestStatus,
  roles: ReadonlySet<RequestRole>,
): TransitionDecision {
  const reaching = rolesReaching(to);
  if (reaching.size === 0) return { ok: false, error: 'invalid-transition' };
  if (![...roles].some((r) => reaching.has(r))) return { ok: false, error: 'transition-forbidden' };
  const allowed = REQUEST_TRANSITIONS[from][to];
  if (!allowed) return { ok: false, error: 'invalid-transition' };
  if (![...roles].some((r) => allowed.includes(r))) return { ok: false, error: 'transition-forbidden' };
  return { ok: true };
}

/** The statuses the caller may move the request to now (the buttons the UI shows). */
export function allowedTransitions(from: RequestStatus, roles: ReadonlySet<RequestRole>): RequestStatus[] {
  return REQUEST_STATUSES.filter((to) => decideTransition(from, to, roles).ok);
}

/** Whether a caller with these roles may see the request at all. */
export function canSeeRequest(roles: ReadonlySet<RequestRole>): boolean {
  return roles.size > 0;
}
