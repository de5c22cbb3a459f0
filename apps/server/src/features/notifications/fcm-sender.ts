import { importPKCS8, SignJWT } from 'jose';
import type { FcmConfig } from '../../config.js';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch.js';
import { classifyStatus, type PushDevice, type PushMessage, type PushOutcome, type PushSender } from './push-sender.js';

/** https://firebase.google.com/docs/cloud-messaging/auth-server: the scope FCM HTTP v1 asks for. */
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/**
 * FCM HTTP v1 for the native apps (Android, and iOS through FCM). A service account signs a JWT
 * (RS256) that the OAuth 2.0 token endpoint exchanges for a bearer token (JWT bearer grant,
 * RFC 7523), cached until shortly before it expires; each message is one
 * `POST /v1/projects/{project}/messages:send`. Both URLs (the token URL comes from the service
 * account file) are reached through the address guard; `allowLoopback` lets a local stand-in through.
 */
export function createFcmSender(config: FcmConfig, options: { timeoutMs?: number; allowLoopback?: boolean } = {}): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const guardedFetch = createGuardedFetch({ allowLoopback: options.allowLoopback ?? false });
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let key: Awaited<ReturnType<typeof importPKCS8>> | null = null;

  async function fetchToken(): Promise<string> {
    key ??= await importPKCS8(config.privateKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(config.clientEmail)
      .setSubject(config.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await guardedFetch(config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`FCM token exchange failed: HTTP ${res.status}`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('FCM token exchange answered no access_token');
    cached = { token: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - 60_000 };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function post(device: PushDevice, message: PushMessage, token: string): Promise<Response> {
    const data = JSON.parse(message.payload) as Record<string, string | number | boolean | null>;
    const registrationToken = (device.endpoint ?? '').replace(/^(fcm|apns):/, '');
    const body = {
      message: {
        token: registrationToken,
        notification: { title: String(data.title ?? ''), body: String(data.body ?? '') },
        // FCM data values must be strings.
        data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v === null ? '' : String(v)])),
        android: {
          priority: message.urgency === 'high' ? 'HIGH' : 'NORMAL',
          ttl: `${message.ttlSeconds}s`,
          collapse_key: message.topic,
        },
        apns: { headers: { 'apns-collapse-id': message.topic, 'apns-priority': message.urgency === 'high' ? '10' : '5' } },
      },
    };
    return guardedFetch(`${config.apiUrl}/projects/${encodeURIComponent(config.projectId)}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    kinds: ['fcm', 'apns'],
    async send(device: PushDevice, message: PushMessage): Promise<PushOutcome> {
      try {
        let res = await post(device, message, await accessToken());
        if (res.status === 401) {
          // The token was revoked or expired early: one fresh exchange, one more try.
          cached = null;
          res = await post(device, message, await accessToken());
        }
        const text = await res.text().catch(() => '');
        // https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode
        if (res.status === 404 || (res.status === 400 && /UNREGISTERED/.test(text))) return { result: 'gone', status: res.status };
        return classifyStatus(res.status, text, res.headers.get('retry-after'));
      } catch (err) {
        return { result: 'retry', status: 0, error: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
