import type { FastifyInstance } from 'fastify';
import { multipart, type BearerHeaders } from './http.js';

/** Uploaded files. */

/** A small real PNG (sharp loads on first use, so importers that never draw do not pay for it). */
export async function pngBytes(size: { width: number; height: number } = { width: 40, height: 30 }): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { ...size, channels: 3, background: '#2e7d32' } })
    .png()
    .toBuffer();
}

/** A real PNG uploaded through POST /v1/files by `who` (`?kind=image` when asked); its public id. */
export async function uploadImage(
  app: FastifyInstance,
  who: { headers: BearerHeaders },
  options: { kind?: 'image'; size?: { width: number; height: number } } = {},
): Promise<string> {
  const { payload, headers } = multipart(await pngBytes(options.size), 'foto.png', 'image/png');
  const res = await app.inject({
    method: 'POST',
    url: `/back/api/v1/files${options.kind ? `?kind=${options.kind}` : ''}`,
    payload,
    headers: { ...headers, ...who.headers },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: string } }>().data.id;
}
