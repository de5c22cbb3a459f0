// A local push service stand-in for the broadcast bench: answers 201 to every push (after
// reading its encrypted body, as a push service would) and counts them. `GET /count`.
import { createServer } from 'node:http';
import { setPriority } from 'node:os';

// A real push service runs on someone else's machines: here the stand-in takes only the CPU the
// server leaves (lowest priority), so what the bench charges to the drain is the server's own work.
try {
  setPriority(19);
} catch {
  // not permitted: the figure then includes the stand-in's share of the two cores
}

let count = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/count') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count }));
    return;
  }
  let bytes = 0;
  req.on('data', (c: Buffer) => (bytes += c.length));
  req.on('end', () => {
    if (bytes > 0 && req.headers['content-encoding'] === 'aes128gcm' && /^vapid t=/.test(req.headers.authorization ?? '')) {
      count++;
      res.writeHead(201).end();
    } else {
      res.writeHead(400).end('not a Web Push request');
    }
  });
});
server.listen(Number(process.env.SINK_PORT), '127.0.0.1', () => console.log('ready'));
