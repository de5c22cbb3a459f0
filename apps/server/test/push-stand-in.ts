import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * A local Web Push service for tests: web-push-testing on loopback. It verifies the VAPID JWT
 * against the key the subscription was made with, decrypts the aes128gcm payload (RFC 8291)
 * and keeps the plaintext; `expire` makes the next send to a subscription answer 410.
 */
export type PushStandIn = {
  url: string;
  subscribe(applicationServerKey: string): Promise<{ subscription: { endpoint: string; keys: { p256dh: string; auth: string } }; clientHash: string }>;
  /** The decrypted payloads a subscription received, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  expire(clientHash: string): Promise<void>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const require = createRequire(import.meta.url);
  const pkg = path.dirname(require.resolve('web-push-testing/package.json'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(pkg, 'src/bin/server.js'), String(port)], { stdio: 'ignore' });
  const url = `http://localhost:${port}`;
  const post = async (p: string, body?: unknown) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
  for (let i = 0; ; i++) {
    try {
      if ((await post('/status')).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 100) throw new Error('web-push-testing did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async subscribe(applicationServerKey) {
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      const body = (await res.json()) as { data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } };
      const { clientHash, ...subscription } = body.data;
      return { subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, clientHash };
    },
    async messages(clientHash) {
      const res = await post('/get-notifications', { clientHash });
      if (!res.ok) return [];
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(clientHash) {
      const res = await post(`/expire-subscription/${clientHash}`);
      if (!res.ok) throw new Error(`expire failed: ${res.status}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
