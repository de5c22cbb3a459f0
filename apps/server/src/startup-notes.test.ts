import { DEMO_PASSWORD } from '@puntoverde/contract';
import { describe, expect, it } from 'vitest';
import { startupNotes, startupSummary } from './startup-notes.js';

describe('start-up notes', () => {
  it('name the outbox address and every demo account in demo mode', () => {
    const text = startupNotes({ demo: true, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: true }).join(
      '\n',
    );
    expect(text).toContain('http://localhost:3000/dev/outbox');
    expect(text).toContain(DEMO_PASSWORD);
    for (const email of ['gestor', 'hogar', 'empresa', 'sucursal', 'admin'])
      expect(text).toContain(`${email}@demo.puntoverde.co`);
  });

  it('point at this machine when the public address is another host', () => {
    const text = startupNotes(
      { demo: true, publicUrl: 'https://demo.puntoverde.co' },
      { port: 8080, outbox: true },
    ).join('\n');
    expect(text).toContain('http://localhost:8080/dev/outbox');
  });

  it('leave the outbox out when e-mail goes through SMTP, and say nothing outside demo mode', () => {
    expect(
      startupNotes({ demo: true, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: false }).join('\n'),
    ).not.toContain('outbox');
    expect(startupNotes({ demo: false, publicUrl: 'http://localhost:3000' }, { port: 3000, outbox: true })).toEqual([]);
  });
});

describe('the start summary', () => {
  const base = {
    publicUrl: 'https://reciclemos.example.co',
    databaseUrl: undefined,
    sqliteFile: '/srv/pv/puntoverde.sqlite',
    dataDir: '/srv/pv',
    s3: undefined,
    smtpUrl: undefined,
    mailFrom: 'PuntoVerde <no-responder@puntoverde.co>',
    redisUrl: undefined,
    redisPrefix: 'puntoverde:',
    demo: false,
    env: 'production' as const,
  };
  const facts = {
    version: '1.2.3',
    address: '0.0.0.0:3000',
    migrations: { total: 16, appliedNow: 2, latest: '2026_11_30_0016_x' },
    mailTransport: 'outbox' as const,
  };

  it('says version, database and migrations, storage, mail, Redis, demo mode and public URL, one line each', () => {
    const lines = startupSummary(base, facts).map((l) => l.msg);
    expect(lines).toEqual([
      expect.stringMatching(
        /^PuntoVerde 1\.2\.3 \(production, Node v\d+.*\) listening on 0\.0\.0\.0:3000, public URL https:\/\/reciclemos\.example\.co$/,
      ),
      'database: SQLite /srv/pv/puntoverde.sqlite; 16 migrations, 2 applied at this start, latest 2026_11_30_0016_x',
      'storage: disk /srv/pv/files',
      expect.stringMatching(/^mail: outbox, no e-mail is sent: each one is kept in \/srv\/pv\/outbox/),
      'redis: none (rate limits and live events in this process only)',
      'demo: off',
    ]);
    // The outbox in production is the operator's choice, and still a warning.
    expect(startupSummary(base, facts)[3]!.level).toBe('warn');
  });

  it('names PostgreSQL, the bucket, SMTP and Redis without their passwords', () => {
    const lines = startupSummary(
      {
        ...base,
        databaseUrl: 'postgres://pv:db-secret@db.internal:5432/puntoverde',
        s3: {
          bucket: 'pv-files',
          region: 'us-east-1',
          endpoint: 'http://minio:9000',
          accessKeyId: 'AK',
          secretAccessKey: 's3-secret',
          forcePathStyle: true,
          prefix: 'prod',
        },
        smtpUrl: 'smtps://mailer:smtp-secret@smtp.example.co:465',
        redisUrl: 'redis://:redis-secret@cache:6379',
        redisPrefix: 'puntoverde:puntoverde:',
        demo: true,
      },
      { ...facts, mailTransport: 'smtp' },
    );
    const text = lines.map((l) => l.msg).join('\n');
    expect(text).toContain('database: PostgreSQL db.internal:5432/puntoverde;');
    expect(text).toContain('storage: S3 bucket pv-files, prefix prod/ at http://minio:9000');
    expect(text).toContain('mail: SMTP smtp.example.co:465, from PuntoVerde <no-responder@puntoverde.co>');
    expect(text).toContain('redis: cache:6379, prefix puntoverde:puntoverde:');
    expect(text).toContain('demo: on');
    expect(text).not.toMatch(/secret/);
    expect(lines.every((l) => l.level === 'info')).toBe(true);
  });
});
