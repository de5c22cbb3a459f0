import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One jsdom and one module cache per worker instead of per file: the suite took 215 s on a
    // 2-core machine, most of it loading React and Ionic again for each of its 93 files, and
    // takes ~25 s this way. src/test/setup.ts gives each file fresh copies of the app's own
    // modules and an empty page, so no file sees what another left (checked with
    // `--sequence.shuffle.files` over many seeds).
    isolate: false,
    restoreMocks: true,
    // Screens that lazy-load chunks (offline outbox, banners) need more than 5 s on a busy 2-core CI machine.
    testTimeout: 15000,
  },
});
