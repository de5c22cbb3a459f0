import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { storageFromConfig } from './storage.js';

/** S3_* (the README's configuration table): which storage the server uses for uploads. */
describe('storage configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-s3-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...env });
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

  it('stores files on the local disk when no S3_* variable is set', () => {
    const config = load({});
    expect(config.s3).toBeUndefined();
    expect(storageFromConfig(config).kind).toBe('local');
  });

  it('uses AWS S3 with virtual-hosted addressing when only the bucket and keys are set', () => {
    const config = load({ S3_BUCKET: 'puntoverde-files', ...keys });
    expect(config.s3).toEqual({
      bucket: 'puntoverde-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
      prefix: '',
    });
    expect(storageFromConfig(config).kind).toBe('s3');
  });

  it('uses path-style addressing by default with a custom endpoint (MinIO, R2, Spaces)', () => {
    const config = load({
      S3_BUCKET: 'pv-files',
      ...keys,
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'auto',
      S3_PREFIX: '/uploads/prod/',
    });
    expect(config.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'auto',
      forcePathStyle: true,
      prefix: 'uploads/prod',
    });
    const vhost = load({
      S3_BUCKET: 'pv1',
      ...keys,
      S3_ENDPOINT: 'https://nyc3.digitaloceanspaces.com',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(vhost.s3?.forcePathStyle).toBe(false);
  });

  it('refuses a bucket without credentials, naming each missing variable', () => {
    expect(() => load({ S3_BUCKET: 'puntoverde-files' })).toThrow(ConfigError);
    expect(() => load({ S3_BUCKET: 'puntoverde-files' })).toThrow(/S3_ACCESS_KEY_ID: required when S3_BUCKET is set/);
    expect(() => load({ S3_BUCKET: 'puntoverde-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set/,
    );
  });

  it('refuses S3 settings without S3_BUCKET instead of silently using the disk', () => {
    expect(() => load({ ...keys, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/,
    );
    expect(() => load({ S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET: required when S3_REGION is set/);
  });

  it('refuses a malformed bucket name, endpoint, path-style flag or prefix', () => {
    expect(() => load({ S3_BUCKET: 'Bad_Bucket', ...keys })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => load({ S3_BUCKET: 'pv1', ...keys, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => load({ S3_BUCKET: 'pv1', ...keys, S3_ENDPOINT: 'ftp://minio' })).toThrow(
      /S3_ENDPOINT must be an http/,
    );
    expect(() => load({ S3_BUCKET: 'pv1', ...keys, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => load({ S3_BUCKET: 'pv1', ...keys, S3_PREFIX: 'a/../b' })).toThrow(
      /S3_PREFIX: use slash-separated names/,
    );
  });

  it('treats empty S3_* variables as unset', () => {
    expect(load({ S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '' }).s3).toBeUndefined();
  });
});
