import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsConfig } from '../config.js';
import { createGuardedFetch, namesLoopback } from './outbound/guarded-fetch.js';

export type SmsMessage = {
  /** E.164 (`+573012345678`). */
  to: string;
  body: string;
};

export type SmsOutboxEntry = {
  id: string;
  to: string;
  body: string;
  created_at: string;
};

/**
 * Why a message was not delivered: the provider refused the number (invalid, not a mobile,
 * unreachable region) or could not be used at all (credentials, outage, timeout).
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: 'number-rejected' | 'unavailable',
    /** The provider's status and error code, for the log; never the message body. */
    readonly detail: Record<string, unknown>,
  ) {
    super(`SMS not delivered: ${reason}`);
    this.name = 'SmsDeliveryError';
  }
}

export type SmsSender = {
  /** Resolves once the provider accepted the message; throws SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
  /** Messages kept in the local outbox (newest first); empty with a real provider. */
  outbox(): Promise<SmsOutboxEntry[]>;
  readonly mode: 'outbox' | 'twilio';
};

export function createSmsSender(config: SmsConfig, dataDir: string, options: { fetch?: typeof fetch } = {}): SmsSender {
  if (config.provider === 'twilio') {
    // Through the address guard; loopback only when TWILIO_API_URL names it (the test stand-in).
    return createTwilioSender(config, options.fetch ?? createGuardedFetch({ allowLoopback: namesLoopback(config.apiUrl) }));
  }
  return createOutboxSender(path.join(dataDir, 'sms-outbox'));
}

/** Writes each SMS as a JSON file in `<dataDir>/sms-outbox`, so the demo works offline. */
function createOutboxSender(dir: string): SmsSender {
  let counter = 0;
  return {
    mode: 'outbox',
    async send(message) {
      const created = new Date();
      counter += 1;
      const id = `${created.getTime()}-${process.pid}-${counter}`;
      const entry: SmsOutboxEntry = { id, to: message.to, body: message.body, created_at: created.toISOString() };
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
    },
    async outbox() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const entries = await Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as SmsOutboxEntry),
      );
      return entries.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    },
  };
}

/** Twilio error codes that mean "this number cannot get this SMS", not "Twilio is unusable". */
const TWILIO_NUMBER_ERRORS = new Set([
  21211, // invalid 'To' phone number
  21214, // 'To' phone number cannot be reached
  21408, // permission to send an SMS has not been enabled for the region
  21610, // the recipient replied STOP
  21612, // the 'To' phone number is not currently reachable via SMS
  21614, // 'To' number is not a valid mobile number
]);

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with
 * HTTP Basic auth (Account SID : Auth Token) and a form-encoded To, From (or
 * MessagingServiceSid) and Body; 201 with the message resource when accepted.
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 */
function createTwilioSender(config: Extract<SmsConfig, { provider: 'twilio' }>, fetchImpl: typeof fetch): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    mode: 'twilio',
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.body });
      if (config.from.startsWith('MG')) form.set('MessagingServiceSid', config.from);
      else form.set('From', config.from);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        throw new SmsDeliveryError('unavailable', {
          provider: 'twilio',
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
      if (response.status === 201 || response.status === 200) {
        await response.body?.cancel();
        return;
      }
      let code: number | undefined;
      try {
        const body = (await response.json()) as { code?: unknown };
        code = typeof body.code === 'number' ? body.code : undefined;
      } catch {
        code = undefined;
      }
      const detail = { provider: 'twilio', status: response.status, code };
      if (response.status === 400 && code !== undefined && TWILIO_NUMBER_ERRORS.has(code)) {
        throw new SmsDeliveryError('number-rejected', detail);
      }
      throw new SmsDeliveryError('unavailable', detail);
    },
    outbox: () => Promise.resolve([]),
  };
}
