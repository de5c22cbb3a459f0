import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { configurationProblems } from '../startup-checks.js';
import { createMailer } from './mailer.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'puntoverde-mailer-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({ TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: dataDir, ...env }, { dataDir });

describe('the local mail outbox', () => {
  it('writes each e-mail readable by the server’s user only (0600 in a 0700 folder)', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'PuntoVerde <no@x.co>', dataDir });
    await mailer.send({
      to: 'a@example.com',
      subject: 'Restablece tu contraseña',
      text: 'http://x/reset?token=secreto',
    });
    const dir = path.join(dataDir, 'outbox');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files.map((f) => path.extname(f)).sort()).toEqual(['.eml', '.json']);
    for (const file of files) expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
  });
});

describe('MAIL_TRANSPORT', () => {
  it('is smtp with SMTP_URL and the outbox without it', () => {
    expect(load({ SMTP_URL: 'smtp://mail:25' })).toMatchObject({ mailTransport: 'smtp', mailOutboxOnPurpose: false });
    expect(load({})).toMatchObject({ mailTransport: 'outbox', mailOutboxOnPurpose: false });
    expect(load({ MAIL_TRANSPORT: 'outbox' })).toMatchObject({ mailTransport: 'outbox', mailOutboxOnPurpose: true });
  });

  it('refuses smtp without SMTP_URL, and outbox beside an SMTP_URL', () => {
    expect(() => load({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
    expect(() => load({ MAIL_TRANSPORT: 'outbox', SMTP_URL: 'smtp://mail:25' })).toThrow(ConfigError);
    expect(() => load({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT must be smtp or outbox/);
  });

  it('stops a production server without SMTP_URL unless the outbox is chosen on purpose', () => {
    const production = { NODE_ENV: 'production', DEMO: 'false' };
    expect(configurationProblems(load(production))).toEqual([
      expect.stringMatching(/^SMTP_URL: .*MAIL_TRANSPORT=outbox/),
    ]);
    expect(configurationProblems(load({ ...production, MAIL_TRANSPORT: 'outbox' }))).toEqual([]);
    expect(configurationProblems(load({ ...production, SMTP_URL: 'smtp://mail:25' }))).toEqual([]);
    // Demo mode and development keep the outbox by default.
    expect(configurationProblems(load({ NODE_ENV: 'production', DEMO: 'true' }))).toEqual([]);
    expect(configurationProblems(load({ NODE_ENV: 'development', DEMO: 'false' }))).toEqual([]);
  });
});
