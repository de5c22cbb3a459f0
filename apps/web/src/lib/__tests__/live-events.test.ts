import type { EventsTicket } from '@puntoverde/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents } from '../live-events';

/** A stand-in EventSource the test drives by hand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {
    this.closed = true;
  }
}

let n = 0;
const ticket = async (): Promise<EventsTicket> => {
  n += 1;
  return { ticket: `t${n}`, expires_at: '', url: `/back/api/v1/events?ticket=t${n}` };
};

beforeEach(() => {
  FakeEventSource.all = [];
  n = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('live events client', () => {
  it('opens the stream with a fresh ticket and passes the events on', async () => {
    const events: unknown[] = [];
    const handle = connectLiveEvents({ getTicket: ticket, onEvent: (e) => events.push(e), EventSourceImpl: FakeEventSource as unknown as typeof EventSource });
    await flush();
    const es = FakeEventSource.all[0]!;
    expect(es.url).toBe('/back/api/v1/events?ticket=t1');
    es.emit('ready', { user_id: 1 });
    es.emit('request.updated', { type: 'request.updated', request_id: 5, status: 'aceptada', point_id: 1, actor_id: 2 });
    es.emit('request.updated', { type: 'nonsense' });
    expect(events).toEqual([{ type: 'request.updated', request_id: 5, status: 'aceptada', point_id: 1, actor_id: 2 }]);
    handle.close();
    expect(es.closed).toBe(true);
  });

  it('reconnects with a new ticket after the stream drops, backing off, and asks for a resync', async () => {
    const resync = vi.fn();
    const handle = connectLiveEvents({
      getTicket: ticket,
      onEvent: () => undefined,
      onResync: resync,
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });
    await flush();
    FakeEventSource.all[0]!.emit('ready', {});
    FakeEventSource.all[0]!.onerror?.();
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.all[1]!.url).toContain('ticket=t2');
    // The second drop before opening waits twice as long.
    FakeEventSource.all[1]!.onerror?.();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    FakeEventSource.all[2]!.emit('ready', {});
    expect(resync).toHaveBeenCalledTimes(1);
    handle.close();
  });

  it('retries when the ticket cannot be had', async () => {
    let fail = true;
    const handle = connectLiveEvents({
      getTicket: async () => {
        if (fail) throw new Error('offline');
        return ticket();
      },
      onEvent: () => undefined,
      EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
    });
    await flush();
    expect(FakeEventSource.all).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.all).toHaveLength(1);
    handle.close();
  });
});
