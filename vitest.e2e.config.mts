import { defineConfig } from 'vitest/config'

// End-to-end: the built browser host driven by Debian Chromium. One file at a time: each starts
// its own host (and sometimes a reference service) on loopback.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000
  }
})
