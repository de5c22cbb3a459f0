/**
 * Files a write through the outbox when there is no connection. Features call `sendOrQueue`
 * with their POST; it answers either the server's result or the queued entry.
 */
import { IDEMPOTENCY_KEY_HEADER } from '@puntoverde/contract';
import { ApiError } from '../api-client';
import { getCurrentUser, isLoggedIn } from '../session';
import type { OutboxEntry } from './outbox';
import { outbox } from './outbox-store';
import { requestOutboxSync } from './service-worker';

/** Whether an error means "no connection" (not a server refusal). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network-request-failed';
}

export type QueueInput = { kind: string; path: string; body: unknown; label: string };

export async function queueWrite(input: QueueInput, idempotencyKey?: string): Promise<OutboxEntry> {
  const user = getCurrentUser();
  const entry = await outbox.add({ ...input, userId: isLoggedIn(user) ? user.id : null, idempotencyKey });
  void requestOutboxSync();
  return entry;
}

export type SendOrQueueResult<T> = { sent: T } | { queued: OutboxEntry };

/**
 * Sends now when online; when the browser says it is offline, or the request never got an
 * answer, keeps it for later. The online attempt already carries the Idempotency-Key the queued
 * entry keeps: if its answer was lost after the server wrote it, the retry gets that first answer.
 * Server refusals are thrown as usual (the form shows them).
 */
export async function sendOrQueue<T>(
  input: QueueInput,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<SendOrQueueResult<T>> {
  const key = crypto.randomUUID();
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { queued: await queueWrite(input, key) };
  try {
    return { sent: await send({ [IDEMPOTENCY_KEY_HEADER]: key }) };
  } catch (error) {
    if (isOfflineError(error)) return { queued: await queueWrite(input, key) };
    throw error;
  }
}
