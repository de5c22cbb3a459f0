// A send thread of the Web Push sender (web-push-sender.ts): encrypts each message for its
// subscription (aes128gcm, RFC 8291, by web-push) and POSTs it to the push service over a
// keep-alive connection. The encryption (an ECDH key agreement per message) is the CPU-heavy
// part of a broadcast, so it runs here and not on the event loop that answers the API.
//
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
//
// Endpoints come from browsers, so every connection goes through the address guard: a name
// that resolves to loopback (unless allowed, for the local stand-in), a private network, a
// link-local or reserved address is refused before any socket opens.
//
// In:  { id, endpoint, keys: { p256dh, auth }, payload, ttl, urgency, topic, authorization, timeoutMs }
// Out: { id, status, body, retryAfter } for any HTTP answer, or { id, error, refused } when none
//      came (`refused`: the guard refused the endpoint's address).
import http from 'node:http';
import https from 'node:https';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import webpush from 'web-push';
import { ADDRESS_REFUSED, createGuardedAgents } from '../../lib/outbound/address-guard.mjs';

// Background work: below the API's priority, so a broadcast takes the CPU the requests leave.
// On Linux a thread has its own nice value (setpriority on the calling thread); elsewhere this
// may apply to the whole process, so it is only asked for where it is per thread.
if (process.platform === 'linux' && workerData?.nice) {
  try {
    setPriority(workerData.nice);
  } catch {
    // Not permitted here: run at the normal priority.
  }
}

// Push services are few (one per browser vendor): a handful of sockets each, reused.
const agentOptions = { keepAlive: true, maxSockets: 64, keepAliveMsecs: 30_000, scheduling: 'lifo' };
const agents = createGuardedAgents({ allowLoopback: workerData?.allowLoopback === true }, agentOptions);

/** @param {Error & { code?: string }} err */
const failure = (err) => ({ error: err.message, refused: err.code === ADDRESS_REFUSED });

/** @param {{ id: number, endpoint: string, keys: { p256dh: string, auth: string }, payload: string, ttl: number, urgency: string, topic: string, authorization: string, timeoutMs: number }} job */
function send(job) {
  let details;
  try {
    details = webpush.generateRequestDetails({ endpoint: job.endpoint, keys: job.keys }, job.payload, {
      headers: { Authorization: job.authorization },
      TTL: job.ttl,
      urgency: job.urgency,
      topic: job.topic,
      contentEncoding: 'aes128gcm',
    });
  } catch (err) {
    // A subscription whose keys do not encrypt (corrupt p256dh): a refusal, not a retry.
    parentPort?.postMessage({ id: job.id, status: 400, body: String(err instanceof Error ? err.message : err), retryAfter: null });
    return;
  }
  const url = new URL(details.endpoint);
  const client = url.protocol === 'https:' ? https : http;
  const request = client.request(
    url,
    { method: details.method, headers: details.headers, agent: agents[url.protocol], timeout: job.timeoutMs },
    (res) => {
      const chunks = [];
      let size = 0;
      res.on('data', (c) => {
        // Only the start of an error body is kept (for the delivery's last_error).
        if (size < 1000) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'];
        parentPort?.postMessage({
          id: job.id,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8').slice(0, 300),
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        });
      });
      res.on('error', (err) => parentPort?.postMessage({ id: job.id, ...failure(err) }));
    },
  );
  request.on('timeout', () => request.destroy(new Error(`no answer within ${job.timeoutMs} ms`)));
  request.on('error', (err) => parentPort?.postMessage({ id: job.id, ...failure(err) }));
  request.end(details.body ?? undefined);
}

parentPort?.on('message', (message) => {
  if (message === 'close') {
    agents['http:'].destroy();
    agents['https:'].destroy();
    parentPort?.close();
    return;
  }
  send(message);
});
