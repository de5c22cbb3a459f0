import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Twilio's Programmable Messaging API, speaking its protocol:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic auth with the Account SID
 * and Auth Token, a form-encoded body (To, From or MessagingServiceSid, Body), and Twilio's
 * answers: 201 with the Message resource; 401 with error 20003 for wrong credentials; 400 with
 * error 21211 for a To that is not a valid number and 21604 when To or Body is missing.
 * https://www.twilio.com/docs/messaging/api/message-resource
 */
export type TwilioStandIn = {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Every accepted message, oldest first. */
  messages: { to: string; from: string; body: string }[];
  /** Every request that reached the stand-in (accepted or not). */
  requests: number;
  /** Numbers answered with error 21211, as Twilio answers numbers it cannot reach. */
  rejectNumbers: Set<string>;
  /** Answers the next requests with 503 (a provider outage). */
  failNext(count: number): void;
  close(): Promise<void>;
};

function twilioError(status: number, code: number, message: string) {
  return { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const messages: TwilioStandIn['messages'] = [];
  const rejectNumbers = new Set<string>();
  let failures = 0;
  let requests = 0;

  const server: Server = createServer((request, response) => {
    requests += 1;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    void (async () => {
      const body = await readBody(request);
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return send(401, twilioError(401, 20003, 'Authenticate'));
      if (request.method !== 'POST' || request.url !== path) {
        return send(404, twilioError(404, 20404, `The requested resource ${request.url ?? ''} was not found`));
      }
      if (failures > 0) {
        failures -= 1;
        return send(503, twilioError(503, 20500, 'Service unavailable'));
      }
      if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(400, twilioError(400, 21604, "A 'To' phone number is required."));
      }
      const form = new URLSearchParams(body);
      const to = form.get('To');
      const text = form.get('Body');
      const sender = form.get('From') ?? form.get('MessagingServiceSid');
      if (!to) return send(400, twilioError(400, 21604, "A 'To' phone number is required."));
      if (!text) return send(400, twilioError(400, 21602, 'Message body is required.'));
      if (!sender) return send(400, twilioError(400, 21603, "The 'From' phone number is required."));
      // Twilio's test number +15005550001 is "invalid"; otherwise the E.164 shape decides.
      if (!/^\+[1-9]\d{7,14}$/.test(to) || to === '+15005550001' || rejectNumbers.has(to) || to.startsWith('+5739')) {
        return send(400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      }
      messages.push({ to, from: sender, body: text });
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      return send(201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: text,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: sender,
        messaging_service_sid: form.get('MessagingServiceSid'),
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    messages,
    rejectNumbers,
    get requests() {
      return requests;
    },
    failNext(count) {
      failures = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
