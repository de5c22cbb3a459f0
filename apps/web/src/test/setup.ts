import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// The suite runs without per-file isolation (vitest.config.ts): one jsdom and one module cache
// per worker. Each file gets fresh copies of the app's own modules (their singletons: session,
// side menu, stores) while React, Ionic and the other packages stay loaded.
vi.resetModules();

/** What an earlier test or file left in the page (Ionic presents toasts and alerts on <body>). */
function clearPage() {
  // Build tests run in Node (`@vitest-environment node`): no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.sessionStorage.clear();
}

beforeAll(clearPage);
afterEach(clearPage);
