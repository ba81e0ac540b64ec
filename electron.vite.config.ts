import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { bundledNotices, writeNotices } from './scripts/third-party-notices.mjs'

// Three Node entries share one main build: the Electron app, the browser host and the reference
// service CLI. electron-vite externalizes exactly package.json's `dependencies`, which electron-builder
// ships as packages: only the native modules (better-sqlite3, keytar) and electron-updater (loaded
// lazily, in packaged builds only). Pure-JS libraries (zod, fast-xml-parser, csv-parse,
// csv-stringify) are devDependencies bundled into the build: one tree-shaken copy instead of a
// package carrying its CJS, ESM and type builds (app.asar 8.9 -> under 5 MB, docs/packaging.md).

export default defineConfig({
  main: {
    // Third-party notices: each build records what it bundles; the renderer's writes the file.
    plugins: [bundledNotices()],
    build: {
      rolldownOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          web: resolve('src/main/hosts/web.ts'),
          // Large service responses are decoded off the main event loop (performance.md).
          'decode-worker': resolve('src/main/service/decode-worker.ts'),
          // Facet counts on their own read-only connection, off the main event loop.
          'facet-worker': resolve('src/main/catalogue/facet-worker.ts'),
          // Import previews read and plan a file off the main event loop.
          'import-worker': resolve('src/main/exchange/import-worker.ts'),
          // Backups are stripped, and restores read (untrusted) and planned, off the main loop.
          'backup-worker': resolve('src/main/exchange/backup-worker.ts'),
          // Large bulk edits, their undo and import applies write from their own connection.
          'edit-writer-worker': resolve('src/main/collection/edit-writer-worker.ts'),
          // A catalogue load's pages are written from their own connection (sync/pull/set-writer.ts).
          'set-writer-worker': resolve('src/main/sync/pull/set-writer-worker.ts'),
          // The data file's check at start, for a file too large to read on the main thread.
          'check-worker': resolve('src/main/store/check-worker.ts'),
          // The demo's reference service answers from its own thread, as a remote service would.
          'reference-worker': resolve('src/emulator/reference-worker.ts')
        },
        // Shared chunks sit beside the entries, so a chunk's `new URL('./decode-worker.js',
        // import.meta.url)` finds the worker entry.
        output: { chunkFileNames: '[name]-[hash].js' }
      }
    }
  },
  preload: {
    plugins: [bundledNotices()],
    build: {
      // A sandboxed preload can require only 'electron': everything else (zod, the contract) is bundled.
      externalizeDeps: false,
      rolldownOptions: { input: { index: resolve('src/preload/index.ts') } }
    }
  },
  renderer: {
    root: resolve('src/renderer'),
    base: './',
    build: {
      // electron-vite leaves the renderer unminified; we ship ≤ 150 kB of gzipped JS (performance.md).
      minify: true,
      rolldownOptions: { input: resolve('src/renderer/index.html') }
    },
    plugins: [
      svelte({ configFile: resolve('svelte.config.mjs') }),
      bundledNotices(),
      writeNotices()
    ]
  }
})
