import { MAP_LOOKUP_INTERVAL_MS, MAP_LOOKUP_MAX_ATTEMPTS, MAP_MIN_HEIGHT_PX, MAP_MIN_WIDTH_PX } from '@puntoverde/contract';

/**
 * The map container rules of the specification (§5, §8, §9): the element must exist, be unique
 * per id and measure at least 100x100 px; the lookup is retried every 100 ms up to 20 times.
 * The error texts are the specification's, word for word.
 */
export type MapContainerErrorKind = 'not-found' | 'multiple' | 'too-small' | 'not-ready';

export class MapContainerError extends Error {
  readonly kind: MapContainerErrorKind;
  constructor(kind: MapContainerErrorKind, message: string) {
    super(message);
    this.name = 'MapContainerError';
    this.kind = kind;
  }
}

export const mapErrorText = {
  notFound: (id: string) => `Can not find the element [#${id}]`,
  multiple: (id: string) => `There are multiple elements with the id [#${id}]. Use different id`,
  tooSmall: (id: string) =>
    `The element [#${id}] is too small. Must be bigger than ${MAP_MIN_WIDTH_PX}x${MAP_MIN_HEIGHT_PX}.`,
  notReady: () => 'The map plugin is not installed or not ready.',
};

/** One check of the rules, without waiting. */
export function checkMapContainer(id: string, root: ParentNode = document): HTMLElement | MapContainerError {
  const found = root.querySelectorAll<HTMLElement>(`#${CSS.escape(id)}`);
  if (found.length === 0) return new MapContainerError('not-found', mapErrorText.notFound(id));
  if (found.length > 1) return new MapContainerError('multiple', mapErrorText.multiple(id));
  const element = found[0] as HTMLElement;
  const { width, height } = element.getBoundingClientRect();
  if (width < MAP_MIN_WIDTH_PX || height < MAP_MIN_HEIGHT_PX) {
    return new MapContainerError('too-small', mapErrorText.tooSmall(id));
  }
  return element;
}

export type FindOptions = {
  intervalMs?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
  root?: ParentNode;
};

/**
 * Looks the container up, retrying (an Ionic page may still be entering: not in the DOM yet,
 * or not laid out); rejects with the last rule broken after the last attempt.
 */
export function findMapContainer(id: string, options: FindOptions = {}): Promise<HTMLElement> {
  const interval = options.intervalMs ?? MAP_LOOKUP_INTERVAL_MS;
  const attempts = options.maxAttempts ?? MAP_LOOKUP_MAX_ATTEMPTS;
  return new Promise((resolve, reject) => {
    let attempt = 0;
    const tick = () => {
      if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
      attempt += 1;
      const result = checkMapContainer(id, options.root);
      if (!(result instanceof MapContainerError)) return resolve(result);
      if (attempt >= attempts) return reject(result);
      setTimeout(tick, interval);
    };
    // First look once the frame is laid out (an entering page has its size by then), then every interval.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(tick);
    else tick();
  });
}
