import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_MIME,
  IMAGE_VARIANT_WIDTHS,
  type ImageVariantFormat,
  type ImageVariantWidth,
} from '@puntoverde/contract';
import sharp from 'sharp';
import type { Executor } from '../../db/dialect.js';
import { findImagesAfter, type FileRow } from './files.repository.js';
import type { FileStorage } from './storage.js';

/**
 * Responsive variants of uploaded images: each width of IMAGE_VARIANT_WIDTHS in AVIF, WebP and
 * JPEG, stored beside the original through the same storage (`2026/11/abc.png` →
 * `2026/11/abc.png.640w.avif`), so local disk and S3 need nothing new and a backup copies them.
 * They are derived data: made in the background after an upload answers, made on first request
 * when missing (an upload from before variants existed, a crash before the background job ran),
 * and made for every old upload by `npm run files:variants`.
 */

export type ImageVariant = { width: ImageVariantWidth; format: ImageVariantFormat };

const VARIANT_SUFFIX = /^(.+\.(?:jpg|png|webp))\.(\d+)w\.(avif|webp|jpg)$/;

export function variantKey(storageKey: string, v: ImageVariant): string {
  return `${storageKey}.${v.width}w.${v.format}`;
}

/** The original's key of a variant's key; the key itself when it is not a variant's. */
export function originalKeyOf(key: string): string {
  return VARIANT_SUFFIX.exec(key)?.[1] ?? key;
}

/** `640.avif` → the variant; null for anything else (unknown width or format). */
export function parseVariantName(name: string): ImageVariant | null {
  const m = /^(\d{3,4})\.([a-z]{3,4})$/.exec(name);
  if (!m) return null;
  const width = Number(m[1]) as ImageVariantWidth;
  const format = m[2] as ImageVariantFormat;
  if (!IMAGE_VARIANT_WIDTHS.includes(width) || !IMAGE_VARIANT_FORMATS.includes(format)) return null;
  return { width, format };
}

export const ALL_VARIANTS: ImageVariant[] = IMAGE_VARIANT_WIDTHS.flatMap((width) =>
  IMAGE_VARIANT_FORMATS.map((format) => ({ width, format })),
);

export function variantMime(v: ImageVariant): string {
  return IMAGE_VARIANT_MIME[v.format];
}

/**
 * One variant of an original's bytes: at most `width` wide, never enlarged. The original was
 * already re-encoded at upload (orientation applied, metadata dropped), so nothing more to strip.
 * JPEG has no transparency: a logo's transparent parts become white there (the format only
 * browsers without WebP see).
 */
export async function renderVariant(original: Buffer, v: ImageVariant): Promise<Buffer> {
  const pipeline = sharp(original, { failOn: 'error', animated: false }).resize({ width: v.width, withoutEnlargement: true });
  switch (v.format) {
    case 'avif':
      // effort 2: a 1200 px AVIF in about half a second here, still far smaller than the WebP.
      return pipeline.avif({ quality: 55, effort: 2 }).toBuffer();
    case 'webp':
      return pipeline.webp({ quality: 78 }).toBuffer();
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}

/** Variants being made right now, so two requests for the same one encode it once. */
const inFlight = new Map<string, Promise<Buffer | null>>();

/**
 * The bytes of a variant of an image row: read from the storage, or made from the original and
 * stored when missing. Null when the original itself is gone. Throws when the original cannot be
 * decoded or the storage fails. `knownMissing` skips the read when the caller knows (a fresh
 * upload, a listing) that the variant is not stored.
 */
export function ensureVariant(
  storage: FileStorage,
  row: Pick<FileRow, 'storage_key'>,
  v: ImageVariant,
  options: { original?: Buffer; knownMissing?: boolean } = {},
): Promise<Buffer | null> {
  const key = variantKey(row.storage_key, v);
  const flightKey = `${storage.kind}:${key}`;
  const running = inFlight.get(flightKey);
  if (running) return running;
  const job = (async () => {
    if (!options.knownMissing) {
      const stored = await storage.get(key);
      if (stored) return stored;
    }
    const source = options.original ?? (await storage.get(row.storage_key));
    if (!source) return null;
    const bytes = await renderVariant(source, v);
    await storage.put(key, bytes, variantMime(v));
    return bytes;
  })().finally(() => inFlight.delete(flightKey));
  inFlight.set(flightKey, job);
  return job;
}

/** Makes the given variants (all by default) of one image, known to be missing; the original read once. */
export async function makeVariants(
  storage: FileStorage,
  row: Pick<FileRow, 'storage_key'>,
  missing: ImageVariant[] = ALL_VARIANTS,
  stopped: () => boolean = () => false,
): Promise<number> {
  if (!missing.length) return 0;
  const original = await storage.get(row.storage_key);
  if (!original) return 0;
  let made = 0;
  for (const v of missing) {
    // A shutdown waits for one encode at most; the rest are made on first request.
    if (stopped()) break;
    await ensureVariant(storage, row, v, { original, knownMissing: true });
    made += 1;
  }
  return made;
}

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Variants made after the upload has answered, one task at a time: encoding nine images takes
 * a second or two (sharp works off the main thread, in libuv's pool), which the person uploading
 * should not wait for. A task lost to a crash or a shutdown is made on first request instead, or
 * by the backfill the server runs once it listens.
 */
export function createVariantQueue(log: Logger) {
  type Task = { storage: FileStorage; label: string; run: () => Promise<unknown> };
  const pending: Task[] = [];
  let current: Promise<void> | null = null;
  const stopping = new Set<FileStorage>();
  const drain = async () => {
    for (let task = pending.shift(); task; task = pending.shift()) {
      try {
        await task.run();
      } catch (err) {
        log.warn({ err, task: task.label }, 'files: could not make image variants; made on first request');
      }
    }
  };
  const push = (task: Task) => {
    pending.push(task);
    current ??= drain().finally(() => {
      current = null;
    });
  };
  return {
    /** The variants of a fresh upload. */
    enqueue(storage: FileStorage, row: Pick<FileRow, 'storage_key' | 'public_id'>) {
      if (stopping.has(storage)) return;
      push({ storage, label: row.public_id, run: () => makeVariants(storage, row, ALL_VARIANTS, () => stopping.has(storage)) });
    },
    /** The missing variants of every stored image. */
    enqueueBackfill(db: Executor, storage: FileStorage) {
      if (stopping.has(storage)) return;
      push({ storage, label: 'backfill', run: () => backfillVariants(db, storage, undefined, () => stopping.has(storage)) });
    },
    /** Resolves once every queued task is done. */
    async idle() {
      while (current) await current;
    },
    /** Drops what is still waiting for `storage` (shutdown) and waits for the task in progress. */
    async stop(storage: FileStorage) {
      stopping.add(storage);
      for (let i = pending.length - 1; i >= 0; i -= 1) if (pending[i]!.storage === storage) pending.splice(i, 1);
      while (current) await current;
    },
  };
}

/**
 * Makes the missing variants of every stored image (uploads from before variants existed, the
 * demo seed's pictures, a task a crash lost). One listing of the storage tells what is there, so
 * a run with nothing to do reads no image.
 */
export async function backfillVariants(
  db: Executor,
  storage: FileStorage,
  onProgress: (done: { files: number; made: number; failed: number }) => void = () => undefined,
  stopped: () => boolean = () => false,
): Promise<{ files: number; made: number; failed: number }> {
  const present = new Set((await storage.list('')).map((o) => o.key));
  const totals = { files: 0, made: 0, failed: 0 };
  let lastId = 0;
  while (!stopped()) {
    const rows = await findImagesAfter(db, lastId, 200);
    if (!rows.length) break;
    for (const row of rows) {
      if (stopped()) break;
      totals.files += 1;
      const missing = ALL_VARIANTS.filter((v) => !present.has(variantKey(row.storage_key, v)));
      try {
        totals.made += await makeVariants(storage, row, missing, stopped);
      } catch {
        totals.failed += 1;
      }
    }
    lastId = rows[rows.length - 1]!.id;
    onProgress(totals);
  }
  return totals;
}
