import { IDENTITY_PATHS } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/dialect.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';
import { randomIp } from '../../../test/factories/http.js';
import { waitForMail } from '../../../test/factories/mail.js';
import { createUser } from '../../../test/factories/users.js';

/**
 * «¿Olvidaste tu contraseña?» answers before any work about the account: what the answer costs
 * cannot tell a known address from an unknown one. The timing itself is measured in
 * bench/forgot-password-timing.ts, never here.
 */
describe('forgot password answers first, works after', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  /** Reset links of the account that existed when the answer was about to be sent. */
  const linksAtSend: number[] = [];
  let watchedUserId = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url === IDENTITY_PATHS.forgotPassword) {
        const row = await database.db
          .selectFrom('auth_tokens')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', watchedUserId)
          .where('purpose', '=', 'reset-password')
          .executeTakeFirstOrThrow();
        linksAtSend.push(Number(row.n));
      }
      return payload;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('sends the answer before creating the link, then mails it', async () => {
    const user = await createUser(app);
    watchedUserId = user.id;
    const res = await app.inject({
      method: 'POST',
      url: IDENTITY_PATHS.forgotPassword,
      remoteAddress: randomIp(),
      payload: { data_user: { email: user.email } },
    });
    expect(res.statusCode).toBe(200);
    expect(linksAtSend).toEqual([0]);
    const mail = await waitForMail(app, user.email, 'Recupera');
    expect(mail.text).toContain('/auth/forgot-password?token=');
  });

  it('gives a known and an unknown address the same answer, byte for byte', async () => {
    const user = await createUser(app);
    const ask = (email: string) =>
      app.inject({ method: 'POST', url: IDENTITY_PATHS.forgotPassword, remoteAddress: randomIp(), payload: { data_user: { email } } });
    const known = await ask(user.email);
    const unknown = await ask('nadie-registrado@example.co');
    expect(known.body).toBe(unknown.body);
    const headers = (h: Record<string, unknown>) => Object.keys(h).filter((k) => k !== 'x-request-id' && k !== 'date').sort();
    expect(headers(known.headers)).toEqual(headers(unknown.headers));
  });
});
