// A local push service stand-in for the push benches: answers 201 to every push (after reading
// its encrypted body, as a push service would) and counts them. `GET /count`: pushes accepted.
// `GET /stats`: also pushes per subscription (endpoint path), requests open now, and requests
// whose sender went away before the answer (in flight when it died). SINK_DELAY_MS delays each
// answer (a push service's round trip; 0 by default). A push counts as delivered when its body
// has arrived, before the answer: a sender killed while waiting for the answer has delivered it.
import { createServer } from 'node:http';
import { setPriority } from 'node:os';

// A real push service runs on someone else's machines: here the stand-in takes only the CPU the
// server leaves (lowest priority), so what the bench charges to the drain is the server's own work.
try {
  setPriority(19);
} catch {
  // not permitted: the figure then includes the stand-in's share of the two cores
}

const delayMs = Number(process.env.SINK_DELAY_MS ?? 0);
let count = 0;
let open = 0;
let aborted = 0;
const perSubscription = new Map<string, number>();
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count }));
    return;
  }
  if (req.method === 'GET' && req.url === '/stats') {
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ count, open, aborted, per_subscription: Object.fromEntries(perSubscription) }));
    return;
  }
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    if (
      bytes > 0 &&
      req.headers['content-encoding'] === 'aes128gcm' &&
      /^vapid t=/.test(req.headers.authorization ?? '')
    ) {
      count++;
      perSubscription.set(req.url ?? '', (perSubscription.get(req.url ?? '') ?? 0) + 1);
      if (delayMs <= 0) {
        res.writeHead(201).end();
        return;
      }
      open++;
      let answered = false;
      res.on('close', () => {
        if (!answered) aborted++;
      });
      setTimeout(() => {
        open--;
        if (res.destroyed) return;
        answered = true;
        res.writeHead(201).end();
      }, delayMs);
    } else {
      res.writeHead(400).end('not a Web Push request');
    }
  });
});
server.listen(Number(process.env.SINK_PORT), '127.0.0.1', () => console.log('ready'));
