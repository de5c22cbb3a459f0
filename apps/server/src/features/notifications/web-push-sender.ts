import webpush from 'web-push';
import type { VapidConfig } from '../../config.js';
import { classifyStatus, type PushDevice, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

/** A VAPID JWT may live up to 24 h (RFC 8292 §2); we sign one per push service for 12 h and reuse it for 11. */
const VAPID_TTL_S = 12 * 60 * 60;
const VAPID_REUSE_MS = 11 * 60 * 60 * 1000;

/**
 * Web Push with VAPID. `web-push` builds the request (aes128gcm payload encryption, RFC 8291);
 * the VAPID header (RFC 8292) is signed once per push service origin and reused until shortly
 * before it expires — signing it for every message cost more than the encryption itself. We
 * send with fetch, which also speaks plain http to a local push service stand-in (web-push's
 * own sender always uses https).
 */
export function createWebPushSender(vapid: VapidConfig, options: { timeoutMs?: number } = {}): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (endpoint: string): string => {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > Date.now()) return cached.authorization;
    const expiration = Math.floor(Date.now() / 1000) + VAPID_TTL_S;
    const headers = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration);
    const authorization = String(headers.Authorization);
    vapidHeaders.set(audience, { authorization, until: Date.now() + VAPID_REUSE_MS });
    return authorization;
  };
  return {
    kinds: ['webpush'],
    async send(device: PushDevice, message: PushMessage): Promise<PushOutcome> {
      if (!device.subscription) return { result: 'gone', status: 0 };
      const subscription = JSON.parse(device.subscription) as webpush.PushSubscription;
      const details = webpush.generateRequestDetails(subscription, message.payload, {
        headers: { Authorization: authorizationFor(subscription.endpoint) },
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        topic: message.topic,
        contentEncoding: 'aes128gcm',
      });
      const body = details.body ? new Uint8Array(details.body.buffer, details.body.byteOffset, details.body.byteLength) : null;
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: body as unknown as RequestInit['body'],
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text().catch(() => '');
        return classifyStatus(res.status, text, res.headers.get('retry-after'));
      } catch (err) {
        return { result: 'retry', status: 0, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
