import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

// loadConfig writes the token secret and VAPID keys into DATA_DIR on first use.
const base = mkdtempSync(path.join(tmpdir(), 'puntoverde-data-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('DATA_DIR', () => {
  it('resolves a relative DATA_DIR against the directory npm was run from, as npm start and npm run db:backup do', () => {
    const config = loadConfig({ DATA_DIR: './data', INIT_CWD: base });
    expect(config.dataDir).toBe(path.join(base, 'data'));
  });

  it('keeps an absolute DATA_DIR as it is', () => {
    const absolute = path.join(base, 'absolute');
    const config = loadConfig({ DATA_DIR: absolute, INIT_CWD: path.join(base, 'elsewhere') });
    expect(config.dataDir).toBe(absolute);
  });
});
