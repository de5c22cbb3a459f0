import type { FastifyInstance } from 'fastify';
import http from 'node:http';

/**
 * A minimal server-sent-events client for tests: opens a real HTTP connection (inject cannot
 * stream), parses `event:`/`data:` blocks and lets a test wait for the next event of a type.
 */
export type SseMessage = { event: string; data: unknown; id: string | null };

export type SseStream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  messages: SseMessage[];
  /** Resolves with the first message of `event` received after `since` messages (default: any so far). */
  next(event: string, options?: { timeoutMs?: number; since?: number }): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

/** Starts listening on a random local port (once) and returns the base URL. */
export async function listenLocal(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const a = app.server.address();
  if (!a || typeof a !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${a.port}`;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const messages: SseMessage[] = [];
      const waiters: { event: string; since: number; resolve: (m: SseMessage) => void }[] = [];
      let buffer = '';
      let body = '';
      let endedResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endedResolve = r));
      const flush = () => {
        for (const w of [...waiters]) {
          const found = messages.slice(w.since).find((m) => m.event === w.event);
          if (found) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(found);
          }
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let idx: number;
        while ((idx = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, idx);
          buffer = buffer.slice(idx + 2);
          let event = 'message';
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
            else if (line.startsWith('id: ')) id = line.slice(4);
          }
          if (data.length) {
            const text = data.join('\n');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            messages.push({ event, data: parsed, id });
          }
        }
        flush();
      });
      res.on('end', endedResolve);
      res.on('close', endedResolve);
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages,
        ended,
        next(event, options = {}) {
          const since = options.since ?? 0;
          const timeoutMs = options.timeoutMs ?? 3000;
          return new Promise((resolveNext, rejectNext) => {
            const waiter = { event, since, resolve: resolveNext };
            waiters.push(waiter);
            flush();
            setTimeout(() => {
              const i = waiters.indexOf(waiter);
              if (i >= 0) {
                waiters.splice(i, 1);
                rejectNext(new Error(`no "${event}" event within ${timeoutMs} ms; got ${JSON.stringify(messages)} ${body.slice(0, 300)}`));
              }
            }, timeoutMs);
          });
        },
        close() {
          req.destroy();
        },
      };
      resolve(stream);
    });
    req.on('error', reject);
  });
}
