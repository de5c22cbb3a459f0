import { describe, expect, it } from 'vitest';
import { createOutbox, type OutboxEntry, type OutboxSender, type OutboxStorage } from '../outbox';

/**
 * An incident report filed offline with its photos: the photos go up first (each with its own
 * Idempotency-Key), then the report with their ids, and however often a step is retried the
 * server ends with one file per photo and one report.
 */
function memoryStorage(): OutboxStorage {
  const map = new Map<string, OutboxEntry>();
  return {
    get: (id) => Promise.resolve(structuredClone(map.get(id))),
    set: (id, e) => Promise.resolve(void map.set(id, structuredClone(e))),
    del: (id) => Promise.resolve(void map.delete(id)),
    values: () => Promise.resolve([...map.values()].map((e) => structuredClone(e))),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Upload = { key: string; auth: string | undefined; size: number; name: string };
type Post = { key: string; body: Record<string, unknown> };

/**
 * A server stand-in that honours Idempotency-Key on uploads and reports like the real one;
 * `mode` decides what the next call meets: the network down, the answer lost after the write, or a refusal.
 */
function standIn() {
  const files = new Map<string, string>();
  const reports = new Map<string, string>();
  const uploads: Upload[] = [];
  const posts: Post[] = [];
  const state = {
    upload: 'ok' as 'ok' | 'offline' | 'lost' | 'too-large' | 'expired',
    post: 'ok' as 'ok' | 'offline' | 'lost',
  };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input as string;
    const headers = init?.headers as Record<string, string>;
    const key = headers['idempotency-key']!;
    if (url.endsWith('v1/files?kind=image')) {
      if (state.upload === 'offline') throw new TypeError('Failed to fetch');
      if (state.upload === 'expired') return json(401, { code: 'unauthorized', message: 'Tu sesión expiró.' });
      const file = (init?.body as FormData).get('file') as File;
      uploads.push({ key, auth: headers.Authorization, size: file.size, name: file.name });
      if (state.upload === 'too-large')
        return json(413, { code: 'image-too-large', message: 'La imagen pesa demasiado: el máximo es 1,5 MB.' });
      if (!files.has(key)) files.set(key, `file-${files.size + 1}`);
      const id = files.get(key)!;
      if (state.upload === 'lost') throw new TypeError('Failed to fetch');
      return json(201, { data: { id, url: `/back/api/v1/files/${id}` } });
    }
    if (state.post === 'offline') throw new TypeError('Failed to fetch');
    const body = JSON.parse(init?.body as string) as Record<string, unknown>;
    posts.push({ key, body });
    if (!reports.has(key)) reports.set(key, `REP-2026-${String(reports.size + 1).padStart(6, '0')}`);
    if (state.post === 'lost') throw new TypeError('Failed to fetch');
    return json(201, { data: { number: reports.get(key) } });
  }) as typeof globalThis.fetch;
  return { fetch, files, reports, uploads, posts, state };
}

const session: OutboxSender['session'] = { userId: 7, token: 'de-ana' };
const sender = (fetch: typeof globalThis.fetch, s: OutboxSender['session'] = session): OutboxSender => ({
  fetch,
  apiBase: '/back/api/',
  session: s,
});

function photo(key: string, size = 2048) {
  return { key, bytes: new Uint8Array(size).fill(7).buffer, type: 'image/jpeg', fileName: `${key}.jpg` };
}

const report = (photos = [photo('foto-1-clave-unica-0001'), photo('foto-2-clave-unica-0002')]) => ({
  kind: 'incident-report',
  path: 'v1/reports',
  body: { category: 'punto_critico', description: 'Escombros en la esquina.', photos: [] },
  photosField: 'photos',
  photos,
  label: 'Punto crítico: Escombros en la esquina.',
  userId: 7,
});

describe('offline outbox with photos', () => {
  it('uploads each photo with its own key and the account token, then files the report with their ids', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add(report());
    const server = standIn();
    expect(await box.flush(sender(server.fetch))).toBe(1);
    expect(server.uploads).toEqual([
      { key: 'foto-1-clave-unica-0001', auth: 'Bearer de-ana', size: 2048, name: 'foto-1-clave-unica-0001.jpg' },
      { key: 'foto-2-clave-unica-0002', auth: 'Bearer de-ana', size: 2048, name: 'foto-2-clave-unica-0002.jpg' },
    ]);
    expect(server.posts).toEqual([
      { key: entry.idempotencyKey, body: { category: 'punto_critico', description: 'Escombros en la esquina.', photos: ['file-1', 'file-2'] } },
    ]);
    const [sent] = await box.list();
    expect(sent).toMatchObject({ state: 'sent', result: { number: 'REP-2026-000001' } });
    // The bytes left the device once uploaded; the ids stayed.
    expect(sent!.photos).toEqual([
      { key: 'foto-1-clave-unica-0001', fileId: 'file-1', url: '/back/api/v1/files/file-1' },
      { key: 'foto-2-clave-unica-0002', fileId: 'file-2', url: '/back/api/v1/files/file-2' },
    ]);
  });

  it('keeps the ids of photos already uploaded when the report itself cannot go, and never uploads them again', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(report());
    const server = standIn();
    server.state.post = 'offline';
    expect(await box.flush(sender(server.fetch))).toBe(0);
    expect((await box.list())[0]).toMatchObject({ state: 'pending', photos: [{ fileId: 'file-1' }, { fileId: 'file-2' }] });
    server.state.post = 'ok';
    expect(await box.flush(sender(server.fetch))).toBe(1);
    expect(server.uploads).toHaveLength(2);
    expect(server.files.size).toBe(2);
    expect(server.reports.size).toBe(1);
  });

  it('an upload whose answer was lost is retried with the same key: one file on the server, not two', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(report([photo('foto-perdida-clave-0001')]));
    const server = standIn();
    server.state.upload = 'lost';
    await box.flush(sender(server.fetch));
    expect((await box.list())[0]!.state).toBe('pending');
    server.state.upload = 'ok';
    await box.flush(sender(server.fetch));
    expect(server.uploads.map((u) => u.key)).toEqual(['foto-perdida-clave-0001', 'foto-perdida-clave-0001']);
    expect(server.files.size).toBe(1);
    expect(server.posts[0]!.body.photos).toEqual(['file-1']);
  });

  it('a report whose answer was lost is sent again with the same key and the same photo ids: one report', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(report());
    const server = standIn();
    server.state.post = 'lost';
    await box.flush(sender(server.fetch));
    server.state.post = 'ok';
    await box.flush(sender(server.fetch));
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]).toEqual(server.posts[0]);
    expect(server.reports.size).toBe(1);
    expect((await box.list())[0]).toMatchObject({ state: 'sent', result: { number: 'REP-2026-000001' } });
  });

  it('a photo the server refuses leaves the report refused, with the Spanish error beside the photos, and editable', async () => {
    const box = createOutbox(memoryStorage());
    const entry = await box.add(report([photo('foto-enorme-clave-0001')]));
    const server = standIn();
    server.state.upload = 'too-large';
    await box.flush(sender(server.fetch));
    const [refused] = await box.list();
    expect(refused).toMatchObject({
      state: 'refused',
      error: { code: 'image-too-large', fields: { photos: 'La imagen pesa demasiado: el máximo es 1,5 MB.' } },
    });
    expect(server.posts).toHaveLength(0);

    // Corrected with a smaller photo: pending again, a new key for the report, sent once.
    const edited = await box.edit(entry.id, refused!.body, undefined, [photo('foto-reducida-clave-0002', 512)]);
    expect(edited).toMatchObject({ state: 'pending' });
    expect(edited!.idempotencyKey).not.toBe(entry.idempotencyKey);
    server.state.upload = 'ok';
    expect(await box.flush(sender(server.fetch))).toBe(1);
    expect(server.posts[0]).toMatchObject({ key: edited!.idempotencyKey, body: { photos: ['file-1'] } });
  });

  it('a session that expired before the photos went asks for a login and keeps the photos', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(report([photo('foto-sin-sesion-clave-01')]));
    const server = standIn();
    server.state.upload = 'expired';
    await box.flush(sender(server.fetch));
    const [waiting] = await box.list();
    expect(waiting!.state).toBe('needs-login');
    expect(waiting!.photos![0]!.bytes!.byteLength).toBe(2048);
    server.state.upload = 'ok';
    expect(await box.flush(sender(server.fetch))).toBe(1);
  });

  it('the service worker (session unknown) leaves photo entries for the app, which holds the token', async () => {
    const box = createOutbox(memoryStorage());
    await box.add(report());
    const server = standIn();
    expect(await box.flush(sender(server.fetch, 'unknown'))).toBe(0);
    expect(server.uploads).toHaveLength(0);
  });
});
