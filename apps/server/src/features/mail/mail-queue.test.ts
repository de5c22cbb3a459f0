import { IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { createUser } from '../../../test/factories/users.js';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { createMailer } from '../../lib/mailer.js';
import { createMailQueue, RETRY_SCHEDULE_MS } from './mail.service.js';

/**
 * The e-mail queue against a local SMTP relay (test/smtp-sink.ts, speaking RFC 5321) that can
 * refuse for a while, as a full or restarting relay does: the request that causes a message never
 * waits for or fails on the relay, and the message goes once the relay takes it.
 */
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ mailTransport: 'smtp', smtpUrl: `smtp://127.0.0.1:${sink.port}` });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
afterEach(() => {
  sink.refusing = false;
});

const queued = () => t.app.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();

describe('the e-mail queue', () => {
  it('answers the request while the relay refuses, keeps the message, and sends it on a later try', async () => {
    const ana = await createUser(t.app);
    sink.refusing = true;
    const res = await t.app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.forgotPassword,
      remoteAddress: randomIp(),
      payload: { data_user: { email: ana.email } },
    });
    expect(res.statusCode).toBe(200);
    // The reset e-mail is sent in the background (the answer takes the same time for any address).
    let row: Awaited<ReturnType<typeof queued>>[number] | undefined;
    for (let i = 0; i < 100 && !row?.last_error; i += 1) {
      await new Promise((r) => setTimeout(r, 30));
      await t.app.mailer.idle();
      [row] = await queued();
    }
    expect(row).toMatchObject({ to_address: ana.email, status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/451/);
    expect(sink.messages).toHaveLength(0);

    // The worker's next run, once the first wait is over, with the relay taking mail again.
    sink.refusing = false;
    let clock = Date.parse(row!.next_attempt_at) + 1000;
    const worker = createMailQueue({
      db: t.app.db,
      dialect: t.app.database.dialect,
      transport: createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'PuntoVerde <no-reply@puntoverde.co>', dataDir: t.config.dataDir }),
      now: () => new Date(clock),
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sink.messages.map((m) => m.to)).toEqual([[ana.email]]);
    expect(sink.messages[0]!.data).toContain('Subject:');
    expect(await queued()).toEqual([]);
    // Nothing is sent twice.
    clock += 3600_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('gives a message up after the last try of the schedule, and takes over one whose sender died', async () => {
    sink.refusing = true;
    let clock = Date.now();
    const worker = createMailQueue({
      db: t.app.db,
      dialect: t.app.database.dialect,
      transport: createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'PuntoVerde <no-reply@puntoverde.co>', dataDir: t.config.dataDir }),
      now: () => new Date(clock),
    });
    await worker.send({ to: 'nadie@example.co', subject: 'Prueba', text: 'Hola' });
    await worker.idle();
    for (const wait of RETRY_SCHEDULE_MS) {
      clock += wait + 1000;
      await worker.runOnce();
    }
    const [given] = await queued();
    expect(given).toMatchObject({ status: 'failed', attempts: RETRY_SCHEDULE_MS.length + 1 });
    await t.app.db.deleteFrom('mail_queue').execute();

    // A message stored by an instance that died before its first try: claimed, lease running.
    sink.refusing = false;
    const at = new Date(clock).toISOString();
    await t.app.db
      .insertInto('mail_queue')
      .values({
        to_address: 'huerfano@example.co',
        subject: 'Huérfano',
        text_body: 'Hola',
        html_body: null,
        status: 'pending',
        attempts: 1,
        next_attempt_at: at,
        locked_until: new Date(clock + 600_000).toISOString(),
        last_error: null,
        created_at: at,
      })
      .execute();
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock += 600_000 + 1000;
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sink.messages.at(-1)!.to).toEqual(['huerfano@example.co']);
  });

  it('takes a burst of sent messages off the queue in a few deletes, not one each', async () => {
    await t.app.db.deleteFrom('mail_queue').execute();
    let deletes = 0;
    // Counts the statements that take messages off the queue.
    const counted = t.app.db.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'DeleteQueryNode') deletes += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    // A relay that answers the 30 messages together, as a burst's answers come back to back.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const sent: string[] = [];
    const queue = createMailQueue({
      db: counted,
      dialect: t.app.database.dialect,
      transport: {
        mode: 'smtp',
        outbox: () => Promise.resolve([]),
        send: async (m) => {
          await answered;
          sent.push(m.to);
        },
      },
    });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => queue.send({ to: `vecina-${i}@example.co`, subject: `Radicado ${i}`, text: 'Hola' })),
    );
    answer();
    await queue.idle();
    expect(sent).toHaveLength(30);
    expect(await queued()).toEqual([]);
    expect(deletes).toBeGreaterThan(0);
    expect(deletes).toBeLessThanOrEqual(3);
  });
});
