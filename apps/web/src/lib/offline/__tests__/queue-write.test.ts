import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api-client';
import { outbox } from '../outbox-store';
import { sendOrQueue } from '../queue-write';

const input = { kind: 'pqr', path: 'v1/pqr', body: { subject: 'Sin señal' }, label: 'Sin señal' };

afterEach(async () => {
  vi.restoreAllMocks();
  for (const e of await outbox.list()) await outbox.remove(e.id);
});

describe('sendOrQueue', () => {
  it('sends at once when online, with an Idempotency-Key', async () => {
    let headers: Record<string, string> = {};
    const result = await sendOrQueue(input, (h) => {
      headers = h;
      return Promise.resolve({ radicado: 'PQR-2026-000001' });
    });
    expect(result).toEqual({ sent: { radicado: 'PQR-2026-000001' } });
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await outbox.list()).toEqual([]);
  });

  it('keeps it on the device when the browser is offline, without trying', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.fn();
    const result = await sendOrQueue(input, send);
    expect(send).not.toHaveBeenCalled();
    expect('queued' in result && result.queued.state).toBe('pending');
    expect(await outbox.list()).toHaveLength(1);
  });

  it('queues with the same key when the request got no answer (it may have arrived)', async () => {
    let used = '';
    const result = await sendOrQueue(input, (h) => {
      used = h['idempotency-key']!;
      return Promise.reject(new ApiError('network-request-failed', 0, 'Sin conexión'));
    });
    expect('queued' in result && result.queued.idempotencyKey).toBe(used);
  });

  it('lets a server refusal through to the form', async () => {
    await expect(
      sendOrQueue(input, () => Promise.reject(new ApiError('validation-failed', 400, 'Revisa el campo: subject.'))),
    ).rejects.toMatchObject({ status: 400 });
    expect(await outbox.list()).toEqual([]);
  });
});
