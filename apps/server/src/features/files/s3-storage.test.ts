import { GetObjectCommand } from '@aws-sdk/client-s3';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../../test/factories/files.js';
import { objectKeys, startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { createS3Storage, StorageKeyError } from './storage.js';

/**
 * The S3 backend against a local S3 (s3rver) that checks every request's Signature V4, so a
 * wrongly signed request fails here as it would on AWS, MinIO or R2 (uploads through the API
 * with this backend: routes/files/s3-uploads.test.ts).
 */

describe('S3 storage', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  it('writes, reads and deletes objects with correctly signed requests', async () => {
    const storage = createS3Storage(s3.config());
    const before = { ...s3.counts };
    await storage.put('2026/11/a.txt', Buffer.from('hola'), 'text/plain');
    expect((await storage.get('2026/11/a.txt'))?.toString()).toBe('hola');
    await storage.delete('2026/11/a.txt');
    expect(await storage.get('2026/11/a.txt')).toBeNull();
    expect(s3.counts.verified - before.verified).toBe(4);
    expect(s3.counts.refused).toBe(before.refused);
  });

  it('closes its connections and opens them again when used after closing', async () => {
    const storage = createS3Storage(s3.config());
    await storage.close();
    await storage.put('2026/11/c.txt', Buffer.from('uno'), 'text/plain');
    await storage.close();
    expect((await storage.get('2026/11/c.txt'))?.toString()).toBe('uno');
    await storage.delete('2026/11/c.txt');
    await storage.close();
  });

  it('keeps binary bodies and the content type intact', async () => {
    const storage = createS3Storage(s3.config());
    const bytes = await pngBytes();
    await storage.put('2026/11/b.png', bytes, 'image/png');
    expect((await storage.get('2026/11/b.png'))?.equals(bytes)).toBe(true);
    const res = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: '2026/11/b.png' }));
    expect(res.ContentType).toBe('image/png');
  });

  it('answers null for a missing key and deletes a missing key without error', async () => {
    const storage = createS3Storage(s3.config());
    expect(await storage.get('2026/11/nada.png')).toBeNull();
    await expect(storage.delete('2026/11/nada.png')).resolves.toBeUndefined();
  });

  it('stores every object under S3_PREFIX', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'puntoverde/prod' }));
    await storage.put('2026/11/c.txt', Buffer.from('con prefijo'), 'text/plain');
    expect(await objectKeys(s3, 'puntoverde/')).toEqual(['puntoverde/prod/2026/11/c.txt']);
    expect((await storage.get('2026/11/c.txt'))?.toString()).toBe('con prefijo');
  });

  it('moves an object to another key, and lists keys under a folder with their dates', async () => {
    const storage = createS3Storage(s3.config({ prefix: 'mover' }));
    await storage.put('incoming/2026/11/m.txt', Buffer.from('en camino'), 'text/plain');
    expect((await storage.list('incoming')).map((o) => o.key)).toEqual(['incoming/2026/11/m.txt']);
    await storage.move('incoming/2026/11/m.txt', '2026/11/m.txt');
    expect(await storage.get('incoming/2026/11/m.txt')).toBeNull();
    expect((await storage.get('2026/11/m.txt'))?.toString()).toBe('en camino');
    // A second move of the same object (a recovery racing another) is not an error.
    await expect(storage.move('incoming/2026/11/m.txt', '2026/11/m.txt')).resolves.toBeUndefined();
    const all = await storage.list('');
    expect(all.map((o) => o.key)).toEqual(['2026/11/m.txt']);
    expect(all[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses unsafe keys before sending anything', async () => {
    const storage = createS3Storage(s3.config());
    const before = s3.counts.verified + s3.counts.refused;
    await expect(storage.get('../x')).rejects.toThrow(StorageKeyError);
    await expect(storage.put('/etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError);
    await expect(storage.delete('a/../../b')).rejects.toThrow(StorageKeyError);
    expect(s3.counts.verified + s3.counts.refused).toBe(before);
  });

  it('fails when the secret key is wrong: the bucket refuses the signature', async () => {
    const storage = createS3Storage(s3.config({ secretAccessKey: 'not-the-secret' }));
    await expect(storage.put('2026/11/d.txt', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    await expect(storage.get('2026/11/b.png')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    expect(s3.refusals.at(-1)).toBe('SignatureDoesNotMatch');
    expect(await objectKeys(s3, '2026/11/d')).toEqual([]);
  });

  it('gives up on a bucket that accepts the connection but never answers', async () => {
    const sockets: Socket[] = [];
    const stalled = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    const storage = createS3Storage(s3.config({ endpoint: `http://127.0.0.1:${port}` }), {
      requestTimeoutMs: 300,
      maxAttempts: 2,
    });
    const started = Date.now();
    await expect(storage.put('2026/11/e.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
  });
});
