import { importSPKI, jwtVerify } from 'jose';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FcmConfig } from '../src/config.js';
import { FCM_SCOPE } from '../src/features/notifications/fcm-sender.js';

/**
 * A local FCM HTTP v1 that checks requests as Google would: the OAuth 2.0 JWT-bearer exchange
 * (RS256 assertion signed by the service account, its iss/scope/aud/exp), then each
 * `messages:send` with that bearer token and the v1 message shape. Tokens starting `gone-`
 * answer 404 UNREGISTERED, `busy-` 503.
 */
export type FcmStandIn = {
  config: FcmConfig;
  /** Accepted messages, oldest first. */
  messages: { token: string; notification: { title: string; body: string }; data: Record<string, string>; android: Record<string, unknown> }[];
  tokenExchanges: number;
  /** Requests refused, with the reason (empty when every request was right). */
  refusals: string[];
  close(): Promise<void>;
};

export async function startFcmStandIn(): Promise<FcmStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const spki = await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const clientEmail = 'puntoverde-push@demo-project.iam.gserviceaccount.com';
  const issued = new Set<string>();
  const state: FcmStandIn = {
    config: { projectId: 'demo-project', clientEmail, privateKey: pem, apiUrl: '', tokenUrl: '' },
    messages: [],
    tokenExchanges: 0,
    refusals: [],
    close: () => Promise.resolve(),
  };
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, reason: string) => {
    state.refusals.push(reason);
    json(res, status, { error: { code: status, message: reason, status: 'INVALID_ARGUMENT' } });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(body);
        if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') return refuse(res, 400, 'token: not form-encoded');
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse(res, 400, 'token: wrong grant_type');
        try {
          const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', spki, {
            issuer: clientEmail,
            audience: state.config.tokenUrl,
          });
          if (protectedHeader.alg !== 'RS256') return refuse(res, 400, 'token: not RS256');
          if (payload.scope !== FCM_SCOPE) return refuse(res, 400, 'token: wrong scope');
          if (!payload.iat || !payload.exp || payload.exp - payload.iat > 3600) return refuse(res, 400, 'token: lifetime over one hour');
        } catch (err) {
          return refuse(res, 400, `token: bad assertion (${(err as Error).message})`);
        }
        state.tokenExchanges++;
        const token = `ya29.${randomBytes(16).toString('hex')}`;
        issued.add(token);
        return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
      if (req.method === 'POST' && send) {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !issued.has(bearer)) return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        if (send[1] !== state.config.projectId) return refuse(res, 403, 'send: another project');
        let message: FcmStandIn['messages'][number];
        try {
          message = (JSON.parse(body) as { message: FcmStandIn['messages'][number] }).message;
        } catch {
          return refuse(res, 400, 'send: not JSON');
        }
        if (typeof message?.token !== 'string' || !message.token) return refuse(res, 400, 'send: no token');
        if (typeof message.notification?.title !== 'string' || typeof message.notification.body !== 'string') return refuse(res, 400, 'send: notification');
        if (!Object.values(message.data ?? {}).every((v) => typeof v === 'string')) return refuse(res, 400, 'send: data values must be strings');
        if (!['HIGH', 'NORMAL'].includes(String(message.android?.priority))) return refuse(res, 400, 'send: android.priority');
        if (!/^\d+(\.\d+)?s$/.test(String(message.android?.ttl))) return refuse(res, 400, 'send: android.ttl');
        if (message.token.startsWith('gone-')) {
          return json(res, 404, { error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } });
        }
        if (message.token.startsWith('busy-')) return json(res, 503, { error: { code: 503, status: 'UNAVAILABLE' } });
        state.messages.push(message);
        return json(res, 200, { name: `projects/${send[1]}/messages/${state.messages.length}` });
      }
      json(res, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  state.config.apiUrl = `http://127.0.0.1:${port}/v1`;
  state.config.tokenUrl = `http://127.0.0.1:${port}/token`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
