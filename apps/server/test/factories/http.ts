import { randomBytes, randomInt } from 'node:crypto';

/** Request helpers shared by the builders (no app modules here: the soak client imports them too). */

/** What a bearer-authenticated request sends. */
export type BearerHeaders = { authorization: string };

/** A distinct client address per request, so suites never exhaust a per-IP budget. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A one-file multipart/form-data body and its content-type header. */
export function multipart(bytes: Buffer, filename: string, mime: string, field = 'file') {
  const boundary = `----puntoverde${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
