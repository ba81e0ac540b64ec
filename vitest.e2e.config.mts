import { defineConfig } from 'vitest/config'
import { LIMIT_MS, WAIT_MS } from './test/limits'

// End-to-end: the built browser host driven by Debian Chromium. One file at a time: each starts
// its own host (and sometimes a reference service) on loopback.
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    fileParallelism: false,
    // One process for every file, in turn: no file mocks a module, and each starts and stops its
    // own host and browser page in its hooks. A process and playwright's import per file cost
    // part of the ~6 s between files.
    isolate: false,
    // One Chromium for the whole suite; each file connects to it (test/e2e/chromium.ts).
    globalSetup: ['./test/e2e/chromium-server.ts'],
    // A failed test's pages as they were: a screenshot and the document (test-results/e2e/failed).
    setupFiles: ['./test/e2e/failure-snapshot.ts'],
    testTimeout: LIMIT_MS,
    hookTimeout: LIMIT_MS,
    // expect.poll gives up after 1 s by default, and a page reacts later than that at load 8.
    expect: { poll: { timeout: WAIT_MS } }
  }
})
