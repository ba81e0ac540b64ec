import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { svelteTesting } from '@testing-library/svelte/vite'
import { LIMIT_MS, WAIT_MS } from './test/limits'

/**
 * Node test files that replace a module (`vi.mock`, `vi.doMock`): each runs in a fresh module
 * registry. The other node files share their worker's modules from one file to the next
 * (`isolate: false`): each file imported most of src/main again, and that, with a process started
 * per file, was a quarter of the unit suites' CPU (all isolated 1,229 CPU-s and 688 s on two cores;
 * so 905 CPU-s and 523 s). A mock would outlive its file there, or find the module it replaces
 * already loaded; and the dom files stay isolated, their screens' state being module-wide.
 */
const NODE_TESTS = 'test'
const testFiles = readdirSync(NODE_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join(NODE_TESTS, f))
const mocking = testFiles
  .filter((f) => !f.endsWith('.dom.test.ts'))
  .filter((f) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(f, 'utf8')))

/**
 * Dom files that need a process of their own: one that runs main's code (its timers, its native
 * SQLite) or sets the process's time zone. The other dom files each run in a fresh VM context of
 * a long-lived worker (`vmThreads`): still a module registry and a DOM of their own, but without
 * a process, jsdom and the app's modules loaded again per file. The 55 dom files took 82 s on two
 * cores with a process each, and 38-40 s with these three in processes and the rest in VM
 * contexts (2026-11-27, quiet).
 */
const DOM_TESTS = testFiles.filter((f) => f.endsWith('.dom.test.ts'))
const domInProcess = DOM_TESTS.filter((f) =>
  /from '(?:\.\.\/)+src\/main\/|process\.env\.TZ\s*=/.test(readFileSync(f, 'utf8'))
)

export default defineConfig({
  plugins: [svelte({ configFile: './svelte.config.mjs' }), svelteTesting()],
  test: {
    // Two files at a time even on two cores (Vitest's default is cores - 1, so one): many files
    // wait on fsync, worker start-up, child processes or loopback HTTP, and the unit suite took
    // 10.6 minutes of CI's 20 alone. The per-test limit below is generous for that reason.
    maxWorkers: 2,
    // A printed fast-check seed and path replay through one setting (test/property-setup.ts).
    setupFiles: ['./test/property-setup.ts'],
    // Every worker thread's script bundled once, so a worker starts in milliseconds, not the
    // second tsx takes (test/worker-bundles.ts).
    globalSetup: ['./test/worker-bundles.ts'],
    // Hooks start and close a real main side (createApp) in some files: Vitest's 10 s default
    // fired closing one at load 30.
    testTimeout: LIMIT_MS,
    hookTimeout: LIMIT_MS,
    // expect.poll gives up after 1 s by default.
    expect: { poll: { timeout: WAIT_MS } },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.dom.test.ts', 'test/e2e/**', ...mocking],
          isolate: false
        }
      },
      {
        extends: true,
        test: {
          name: 'node-mocks',
          environment: 'node',
          include: mocking
        }
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.dom.test.ts'],
          exclude: domInProcess,
          pool: 'vmThreads'
        }
      },
      {
        extends: true,
        test: {
          name: 'dom-process',
          environment: 'jsdom',
          include: domInProcess
        }
      }
    ]
  }
})
