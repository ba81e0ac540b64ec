import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { svelteTesting } from '@testing-library/svelte/vite'

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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.dom.test.ts', 'test/e2e/**'],
          testTimeout: 90000,
          hookTimeout: 90000
        }
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['test/**/*.dom.test.ts'],
          testTimeout: 90000,
          // Hooks start and close a real main side (createApp) in some files: Vitest's 10 s
          // default fired closing one at load 30.
          hookTimeout: 90000
        }
      }
    ]
  }
})
