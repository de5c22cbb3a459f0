import type { Plugin } from 'vite';

/**
 * Builds src/sw/push-worker.ts as its own entry, `/push-sw.js` at the site root (a service
 * worker's scope is its folder). A stand-in for the PWA's worker, which imports src/sw/push.ts.
 */
export const PUSH_WORKER_FILE = 'push-sw.js';

export function pushWorker(root: string): Plugin {
  return {
    name: 'puntoverde-push-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: `${root}/src/sw/push-worker.ts`, fileName: PUSH_WORKER_FILE });
    },
  };
}
