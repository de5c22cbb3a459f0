// A local stand-in for a map tile service, for the Lighthouse benches (no network here): one
// light PNG for every tile, 256 px and 512 px (@2x). A page whose tiles cannot load shows a
// "tiles unavailable" note after three failures, which then became /home's largest paint.
import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import { freePort } from './harness.js';

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function tilePng(size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + size * 3, 0xe8);
  row[0] = 0; // filter: none
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}
export async function startTileStandIn(): Promise<{ url: string; server: Server }> {
  // Like the tile services that offer high-density tiles (`@2x`, 512 px), which a deployment
  // names with Leaflet's `{r}` in TILE_URL: a phone's 1.75x screen then gets sharp tiles.
  const png = tilePng(256);
  const png2x = tilePng(512);
  const port = await freePort();
  const server = createServer((req, res) => {
    const tile = /^\/\d+\/\d+\/\d+(@2x)?\.png$/.exec(req.url ?? '');
    if (tile) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
      res.end(tile[1] ? png2x : png);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}{r}.png`, server };
}

