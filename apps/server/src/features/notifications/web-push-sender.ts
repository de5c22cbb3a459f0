import webpush from 'web-push';
import type { VapidConfig } from '../../config.js';
import { classifyStatus, type PushDevice, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

/**
 * Web Push with VAPID. `web-push` builds the request (aes128gcm payload encryption, the VAPID
 * JWT); we send it with fetch, which also speaks plain http to a local push service stand-in
 * (web-push's own sender always uses https).
 */
export function createWebPushSender(vapid: VapidConfig, options: { timeoutMs?: number } = {}): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kinds: ['webpush'],
    async send(device: PushDevice, message: PushMessage): Promise<PushOutcome> {
      if (!device.subscription) return { result: 'gone', status: 0 };
      const subscription = JSON.parse(device.subscription) as webpush.PushSubscription;
      const details = webpush.generateRequestDetails(subscription, message.payload, {
        vapidDetails: vapid,
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        topic: message.topic,
        contentEncoding: 'aes128gcm',
      });
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
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
