import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Two cores: more workers only add contention (argon2, PostgreSQL).
    maxWorkers: 2,
    // One module cache per worker instead of per file: loading the app's module graph again
    // for each of 95 files was two thirds of the suite's time (202 s → 69 s on SQLite, 2-core
    // machine). Every file builds its own app on its own database (test/helper.ts), and the
    // suite passes in any file order (checked with `--sequence.shuffle.files`).
    isolate: false,
    // Generous: a limit, not a measure (speed lives in bench/); a busy CI machine must not fail a
    // correct test that builds an app or two.
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
