/**
 * The offline outbox: writes filed with no connection (a PQR, a pickup request, an incident
 * report — any POST of the API) are kept in IndexedDB, shown as "pendiente de envío" and sent
 * when the connection returns (Background Sync where the browser has it, the `online` event and
 * app start otherwise), each with its own Idempotency-Key: the server answers a retry with the
 * first answer, so an entry becomes one record exactly, however often it is sent.
 *
 * Plain module (no React, no zod): the service worker imports it too.
 */
import { API_BASE_PATH, FILES_PATH, IDEMPOTENCY_KEY_HEADER, UPLOAD_FIELD } from '@puntoverde/contract';

export type OutboxState =
  /** Waiting for a connection (or for the server to answer). */
  | 'pending'
  /** The server refused it (e.g. a rule changed): its error is shown and it can be edited. */
  | 'refused'
  /** The session expired meanwhile: sent once the same person logs in again. */
  | 'needs-login'
  /** Done: `result` holds the server's answer (`data`), e.g. the radicado. */
  | 'sent';

export type OutboxError = { code: string; message: string; fields?: Record<string, string> };

/**
 * A photo kept with an entry (an incident report's, a pickup request's): its bytes until it is
 * uploaded, then only the uploaded file's id, which the body carries. Bytes are an ArrayBuffer,
 * not a Blob: every WebView stores an ArrayBuffer in IndexedDB, not every one a Blob.
 */
export type OutboxPhoto = {
  /** The upload's Idempotency-Key: a retry after a lost answer gets the same file, never a copy. */
  key: string;
  /** The uploaded file's id, once uploaded (kept: a later retry reuses it). */
  fileId?: string;
  /** The uploaded file's URL (a preview when a refused entry is edited). */
  url?: string;
  bytes?: ArrayBuffer;
  type?: string;
  fileName?: string;
};

export type OutboxEntry = {
  id: string;
  /** What it is, for the screens that list their own kind: `pqr`, `pickup-request`, `incident-report`... */
  kind: string;
  /** API path, from the contract (`/back/api/v1/pqr`); entries queued by older versions hold it relative (`v1/pqr`). */
  path: string;
  body: unknown;
  /** Photos sent first (POST v1/files); their ids go into `body[photosField]`, in this order. */
  photos?: OutboxPhoto[];
  photosField?: string;
  /** A one-line description for the pending list (the PQR's subject...). */
  label: string;
  /** The account that filed it (sent only with that account's session), null when anonymous. */
  userId: number | null;
  idempotencyKey: string;
  state: OutboxState;
  error?: OutboxError;
  result?: unknown;
  createdAt: string;
  updatedAt: string;
  attempts: number;
};

/** The few IndexedDB operations the outbox needs (idb-keyval in the app; a Map in unit tests). */
export interface OutboxStorage {
  get(id: string): Promise<OutboxEntry | undefined>;
  set(id: string, entry: OutboxEntry): Promise<void>;
  del(id: string): Promise<void>;
  values(): Promise<OutboxEntry[]>;
}

/** The URL of an API path, absolute (`/back/api/v1/pqr`) or relative to the API base (`v1/pqr`). */
function apiUrlOf(apiBase: string, path: string): string {
  if (!path.startsWith(API_BASE_PATH)) return apiBase + path;
  return apiBase.slice(0, apiBase.length - API_BASE_PATH.length) + path;
}

/** How a send is made: the fetch to use, the API base and the session of the moment. */
export type OutboxSender = {
  fetch: typeof fetch;
  /** `/back/api/` on the web, `https://host/back/api/` in the native app. */
  apiBase: string;
  /** The logged-in account and its bearer token; null when nobody is logged in; 'unknown' in the worker. */
  session: { userId: number; token: string } | null | 'unknown';
};

export const OUTBOX_CHANNEL = 'pv-outbox';

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The body with its photos' file ids: built the same way online and from the outbox, so a retry
 * of the same write has the same body (the server compares it with the key's first request).
 */
export function withPhotoIds(body: unknown, field: string | undefined, photos: readonly OutboxPhoto[] | undefined): unknown {
  if (!field || !photos) return body;
  return { ...(body as Record<string, unknown>), [field]: photos.map((p) => p.fileId) };
}

export function createOutbox(storage: OutboxStorage, notify: () => void = () => {}) {
  async function put(entry: OutboxEntry): Promise<OutboxEntry> {
    await storage.set(entry.id, entry);
    notify();
    return entry;
  }

  return {
    /** Keeps a write for later; returns the entry shown as "pendiente de envío". */
    async add(input: {
      kind: string;
      path: string;
      body: unknown;
      label: string;
      userId: number | null;
      photos?: OutboxPhoto[];
      photosField?: string;
      /** The key an online attempt already used (its answer may have been lost): the same write. */
      idempotencyKey?: string;
    }): Promise<OutboxEntry> {
      const now = new Date().toISOString();
      const { idempotencyKey = newKey(), ...rest } = input;
      return put({
        ...rest,
        id: newKey(),
        idempotencyKey,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
        attempts: 0,
      });
    },

    /** Every entry, oldest first. */
    async list(kind?: string): Promise<OutboxEntry[]> {
      const all = await storage.values();
      return all.filter((e) => !kind || e.kind === kind).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    /**
     * A refused entry, corrected: it goes back to pending with a new Idempotency-Key (the server
     * refuses a key reused with another body, and the old key's answer is the refusal).
     */
    async edit(id: string, body: unknown, label?: string, photos?: OutboxPhoto[]): Promise<OutboxEntry | undefined> {
      const entry = await storage.get(id);
      if (!entry || entry.state === 'sent') return entry;
      return put({
        ...entry,
        body,
        label: label ?? entry.label,
        ...(photos ? { photos } : {}),
        idempotencyKey: newKey(),
        state: 'pending',
        error: undefined,
        updatedAt: new Date().toISOString(),
      });
    },

    async remove(id: string): Promise<void> {
      await storage.del(id);
      notify();
    },

    /**
     * Sends every pending entry (and those waiting for a login, when their account is back).
     * Each is sent with its Idempotency-Key; a network failure, a 5xx, a 409 (the same key still
     * running) or a 429 leaves it pending for the next try.
     * @returns how many were sent now.
     */
    async flush(sender: OutboxSender): Promise<number> {
      let sent = 0;
      for (const entry of await this.list()) {
        if (entry.state === 'sent' || entry.state === 'refused') continue;
        if (entry.userId !== null) {
          // Filed logged in: sent only with that account's session, never anonymously or as someone else.
          if (sender.session === 'unknown') continue;
          if (sender.session === null) {
            if (entry.state !== 'needs-login') await put({ ...entry, state: 'needs-login' });
            continue;
          }
          if (sender.session.userId !== entry.userId) continue;
        }
        const outcome = await sendOne(entry, sender);
        if (outcome) {
          await put({ ...entry, ...outcome, attempts: entry.attempts + 1, updatedAt: new Date().toISOString() });
          if (outcome.state === 'sent') sent += 1;
        }
      }
      return sent;
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

type Outcome = Partial<OutboxEntry> | undefined;

/**
 * Uploads the entry's photos not uploaded yet, each with its own Idempotency-Key. Returns the
 * photos as they now stand and, when one could not go, the outcome of the entry (undefined
 * outcome with `done: false` = try again later; the ids already got are kept either way).
 */
async function uploadPhotos(
  entry: OutboxEntry,
  sender: OutboxSender,
  authorization: string | undefined,
): Promise<{ photos: OutboxPhoto[]; done: true } | { photos: OutboxPhoto[]; done: false; outcome: Outcome }> {
  const photos = [...(entry.photos ?? [])];
  for (const [i, photo] of photos.entries()) {
    if (photo.fileId) continue;
    const form = new FormData();
    form.append(UPLOAD_FIELD, new Blob([photo.bytes ?? new ArrayBuffer(0)], { type: photo.type ?? 'image/jpeg' }), photo.fileName ?? 'foto.jpg');
    const headers: Record<string, string> = { Accept: 'application/json', [IDEMPOTENCY_KEY_HEADER]: photo.key };
    if (authorization) headers.Authorization = authorization;
    let response: Response;
    try {
      response = await sender.fetch(apiUrlOf(sender.apiBase, `${FILES_PATH}?kind=image`), { method: 'POST', headers, body: form });
    } catch {
      return { photos, done: false, outcome: undefined };
    }
    const answer = await readAnswer(response);
    if (response.ok) {
      const file = (answer.json as { data?: { id?: string; url?: string } } | undefined)?.data;
      if (!file?.id) return { photos, done: false, outcome: undefined };
      // Uploaded: the bytes leave the device's storage, the id stays for every later retry.
      photos[i] = { key: photo.key, fileId: file.id, ...(file.url ? { url: file.url } : {}) };
      continue;
    }
    const outcome = failure(response, answer.json);
    if (outcome?.state === 'refused' && outcome.error && entry.photosField) {
      // A photo the server will not take (too large, not an image): said beside the photos.
      outcome.error = { ...outcome.error, fields: { [entry.photosField]: outcome.error.message } };
    }
    return { photos, done: false, outcome };
  }
  return { photos, done: true };
}

async function readAnswer(response: Response): Promise<{ json: unknown }> {
  const text = await response.text().catch(() => '');
  try {
    return { json: text ? JSON.parse(text) : undefined };
  } catch {
    return { json: undefined };
  }
}

/** A non-2xx answer: undefined = try again later; otherwise needs-login or refused with the error. */
function failure(response: Response, json: unknown): { state: OutboxState; error?: OutboxError } | undefined {
  if (response.status === 401) return { state: 'needs-login' };
  if (response.status >= 500 || response.status === 409 || response.status === 429 || response.status === 408)
    return undefined;
  const body = (json ?? {}) as Partial<OutboxError>;
  return {
    state: 'refused',
    error: {
      code: typeof body.code === 'string' ? body.code : 'bad-request',
      message: typeof body.message === 'string' ? body.message : response.statusText,
      ...(body.fields ? { fields: body.fields } : {}),
    },
  };
}

/** One attempt; undefined = nothing learnt (offline, server busy): the entry stays as it was. */
async function sendOne(entry: OutboxEntry, sender: OutboxSender): Promise<Outcome> {
  const authorization =
    entry.userId !== null && sender.session && sender.session !== 'unknown' ? `Bearer ${sender.session.token}` : undefined;
  let photos = entry.photos;
  if (photos?.some((p) => !p.fileId)) {
    const uploaded = await uploadPhotos(entry, sender, authorization);
    if (!uploaded.done) {
      const progressed = uploaded.photos.some((p, i) => p.fileId && !photos![i]!.fileId);
      if (!uploaded.outcome) return progressed ? { photos: uploaded.photos } : undefined;
      return { ...uploaded.outcome, photos: uploaded.photos };
    }
    photos = uploaded.photos;
  }
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey,
  };
  if (authorization) headers.Authorization = authorization;
  const kept = photos === entry.photos ? {} : { photos };
  let response: Response;
  try {
    response = await sender.fetch(apiUrlOf(sender.apiBase, entry.path), {
      method: 'POST',
      headers,
      body: JSON.stringify(withPhotoIds(entry.body, entry.photosField, photos)),
    });
  } catch {
    return photos === entry.photos ? undefined : kept;
  }
  const { json } = await readAnswer(response);
  if (response.ok) return { ...kept, state: 'sent', result: (json as { data?: unknown } | undefined)?.data ?? json, error: undefined };
  const outcome = failure(response, json);
  return outcome ? { ...kept, ...outcome } : photos === entry.photos ? undefined : kept;
}
