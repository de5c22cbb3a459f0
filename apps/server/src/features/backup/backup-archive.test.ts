import { GetObjectCommand } from '@aws-sdk/client-s3';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../../test/factories/files.js';
import { testConfig } from '../../../test/helper.js';
import { objectKeys, startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { loadConfig } from '../../config.js';
import { storageFromConfig } from '../files/files.service.js';
import { backupFiles, restoreFiles, restoreSecrets, writeSecrets } from './backup-archive.js';

/** The parts of a backup every dialect shares: the uploads from an S3 bucket, and the secrets. */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tmp(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-${name}-`));
  dirs.push(dir);
  return dir;
}

describe('backup archive', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  it('copies every object of the bucket through the storage, and puts them back with their types', async () => {
    // dataDir is where local storage would be: unused with S3.
    const dataDir = tmp('data');
    const live = storageFromConfig({ dataDir, s3: s3.config({ prefix: 'live' }) });
    const png = await pngBytes();
    await live.put('2026/11/foto.png', png, 'image/png');
    await live.put('2026/11/acta.pdf', Buffer.from('%PDF-1.4 acta'), 'application/pdf');
    await live.put('incoming/2026/11/subiendo.png', png, 'image/png');
    const dir = tmp('s3-backup');
    expect(await backupFiles(live, dir)).toBe(3);
    expect(readFileSync(path.join(dir, 'files/2026/11/foto.png'))).toEqual(png);
    expect(readFileSync(path.join(dir, 'files/incoming/2026/11/subiendo.png'))).toEqual(png);

    const restored = storageFromConfig({ dataDir, s3: s3.config({ prefix: 'restored' }) });
    await restored.put('2026/11/otra.png', png, 'image/png');
    expect(await restoreFiles(dir, restored)).toBe(3);
    expect((await objectKeys(s3, 'restored/')).sort()).toEqual([
      'restored/2026/11/acta.pdf',
      'restored/2026/11/foto.png',
      'restored/2026/11/otra.png',
      'restored/incoming/2026/11/subiendo.png',
    ]);
    expect(await restored.get('2026/11/acta.pdf')).toEqual(Buffer.from('%PDF-1.4 acta'));
    const head = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'restored/2026/11/foto.png' }));
    expect(head.ContentType).toBe('image/png');
    await Promise.all([live.close(), restored.close()]);
  });

  it('carries the secrets the server runs with into a data directory, private', () => {
    const config = testConfig();
    const dir = tmp('secrets');
    writeSecrets(dir, { tokenSecret: config.tokenSecret, vapid: config.vapid });
    const dataDir = tmp('data');
    expect(restoreSecrets(dir, dataDir)).toEqual(['token-secret', 'vapid.json']);
    expect(statSync(path.join(dataDir, 'token-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'vapid.json')).mode & 0o777).toBe(0o600);
    const restored = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { dataDir });
    expect(restored.tokenSecret).toBe(config.tokenSecret);
    expect(restored.vapid).toMatchObject({ publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey });
  });
});
