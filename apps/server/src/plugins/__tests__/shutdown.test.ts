import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig } from '../../../test/helper.js';

/** Raw HTTP/1.1 over one keep-alive socket: the second request arrives while the server closes. */
describe('shutting down', () => {
  it('answers a request that arrives while closing with a Spanish 503 in the app shape', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/back/api/v1/__slow', async () => {
      started();
      await released;
      return { data: 'ok' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /back/api/v1/__slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await slowStarted;
    const closing = app.close();
    // The connection is busy, so it stays open: a second request on it arrives while closing.
    socket.write('GET /back/api/v1/config HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3000))]);
    socket.destroy();
    await closing;
    await database.destroy();

    const responses = raw.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    const second = responses[1] ?? '';
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second.toLowerCase()).toContain('connection: close');
    expect(second.toLowerCase()).toContain('x-content-type-options: nosniff');
    const body = JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect(body).toEqual({ code: 'service-unavailable', message: expect.stringMatching(/reinici|inténtalo/i) });
  });
});
