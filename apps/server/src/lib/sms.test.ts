import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownInwardHosts, startInwardListener } from '../../test/inward-listener.js';
import { startTwilioStandIn, type TwilioStandIn } from '../../test/twilio-stand-in.js';
import { loadConfig } from '../config.js';
import { createSmsSender, SmsDeliveryError } from './sms.js';

describe('the Twilio SMS sender against a stand-in of the Messages API', () => {
  let twilio: TwilioStandIn;
  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(() => twilio.close());

  const sender = (overrides: { authToken?: string; from?: string } = {}) =>
    createSmsSender(
      {
        provider: 'twilio',
        accountSid: twilio.accountSid,
        authToken: overrides.authToken ?? twilio.authToken,
        from: overrides.from ?? twilio.from,
        apiUrl: twilio.url,
      },
      '/nonexistent',
    );

  it('posts To, From and Body form-encoded with Basic auth, and Twilio accepts it', async () => {
    await sender().send({ to: '+573001234567', body: 'PuntoVerde: tu código es 123456.' });
    expect(twilio.messages.at(-1)).toEqual({
      to: '+573001234567',
      from: twilio.from,
      body: 'PuntoVerde: tu código es 123456.',
    });
  });

  it('sends from a Messaging Service when TWILIO_FROM is an MG sid', async () => {
    const service = `MG${'a'.repeat(32)}`;
    await sender({ from: service }).send({ to: '+573001234567', body: 'hola' });
    expect(twilio.messages.at(-1)?.from).toBe(service);
  });

  it('says the provider is unavailable when the credentials are wrong (401, error 20003)', async () => {
    const err = await sender({ authToken: 'not-the-token-000' })
      .send({ to: '+573001234567', body: 'x' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsDeliveryError);
    expect(err).toMatchObject({ reason: 'unavailable', detail: { status: 401, code: 20003 } });
  });

  it('says the number was rejected when Twilio answers 400 with error 21211', async () => {
    const err = await sender()
      .send({ to: '+573991234567', body: 'x' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'number-rejected', detail: { status: 400, code: 21211 } });
  });

  it('says the provider is unavailable on an outage or when nothing listens', async () => {
    twilio.failNext(1);
    await expect(sender().send({ to: '+573001234567', body: 'x' })).rejects.toMatchObject({ reason: 'unavailable' });
    const nobody = createSmsSender(
      {
        provider: 'twilio',
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: twilio.from,
        apiUrl: 'http://127.0.0.1:9',
      },
      '/nonexistent',
    );
    await expect(nobody.send({ to: '+573001234567', body: 'x' })).rejects.toMatchObject({ reason: 'unavailable' });
  });

  it('never connects to a Twilio URL on a private or reserved address (only loopback, for the stand-in)', async () => {
    const listener = await startInwardListener();
    try {
      for (const host of [...ownInwardHosts(), '10.255.255.1', '169.254.169.254']) {
        const inward = createSmsSender(
          { provider: 'twilio', accountSid: twilio.accountSid, authToken: twilio.authToken, from: twilio.from, apiUrl: `http://${host}:${listener.port}` },
          '/nonexistent',
        );
        await expect(inward.send({ to: '+573001234567', body: 'x' })).rejects.toMatchObject({ reason: 'unavailable' });
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });
});

describe('SMS configuration', () => {
  const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/puntoverde-sms-config' };

  it('defaults to the local outbox', () => {
    expect(loadConfig(base).sms).toEqual({ provider: 'outbox' });
  });

  it('reads Twilio settings, with api.twilio.com by default', () => {
    const sid = `AC${'0'.repeat(32)}`;
    const config = loadConfig({
      ...base,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 't'.repeat(32),
      TWILIO_FROM: '+15005550006',
    });
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: sid,
      authToken: 't'.repeat(32),
      from: '+15005550006',
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('refuses a half-done setup at start', () => {
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID: required/);
    expect(() => loadConfig({ ...base, TWILIO_AUTH_TOKEN: 't'.repeat(32) })).toThrow(/SMS_PROVIDER/);
    expect(() =>
      loadConfig({
        ...base,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 't'.repeat(32),
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: 'http://sms.example.com',
      }),
    ).toThrow(/TWILIO_API_URL/);
  });
});
