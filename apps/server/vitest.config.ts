import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Two cores: more workers only add contention (argon2, PostgreSQL).
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 30000,
  },
});
