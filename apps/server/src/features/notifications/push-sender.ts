/**
 * One interface for every push service: Web Push (VAPID, RFC 8030/8291/8292) and FCM HTTP v1.
 * A sender never throws for an answer of the push service: it classifies it, and the worker
 * decides (sent, remove the dead device, retry later, give up).
 */
export type PushDevice = {
  kind: 'webpush' | 'fcm' | 'apns';
  /** Web Push: the PushSubscription JSON; FCM/APNs: the registration token. */
  subscription: string | null;
  endpoint: string | null;
};

export type PushMessage = {
  /** JSON the service worker (or the native app) receives. */
  payload: string;
  /** Seconds the push service may keep it for an offline device. */
  ttlSeconds: number;
  /** Collapses messages of one notification at the push service (retries replace, not add). */
  topic: string;
  urgency: 'normal' | 'high';
};

export type PushOutcome =
  | { result: 'sent'; status: number }
  /** 404/410 (Web Push), UNREGISTERED (FCM) or an endpoint on a refused address: the device is gone; remove it. */
  | { result: 'gone'; status: number; error?: string }
  /** 429/5xx or a network error: try again after `retryAfterMs` when the service said so. */
  | { result: 'retry'; status: number; retryAfterMs?: number; error: string }
  /** Any other refusal (400, 401/403, 413): retrying will not help. */
  | { result: 'failed'; status: number; error: string };

export interface PushSender {
  readonly kinds: readonly PushDevice['kind'][];
  send(device: PushDevice, message: PushMessage): Promise<PushOutcome>;
  /** Releases what the sender holds (threads, sockets); called when the app closes. */
  close?(): Promise<void>;
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How a push service's HTTP status maps to an outcome (RFC 8030 §5, FCM v1 error codes). */
export function classifyStatus(status: number, body: string, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { result: 'sent', status };
  if (status === 404 || status === 410) return { result: 'gone', status };
  if (status === 429 || status >= 500) {
    const after = retryAfterMs(retryAfter);
    return { result: 'retry', status, error: body.slice(0, 300), ...(after === undefined ? {} : { retryAfterMs: after }) };
  }
  return { result: 'failed', status, error: body.slice(0, 300) };
}
