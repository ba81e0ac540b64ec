import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The main thread is for answering (docs/architecture.md, "The main thread is for answering"). The
 * known heavy paths live in modules that only a worker thread loads: this test reads the code each
 * host's main thread can load (static imports that carry code, from the two host entries; a worker
 * entry is started by URL, never imported) and keeps those modules and statements out of it. The
 * behaviour of each path (a timer runs while it works) is tested beside the path itself.
 */
const ROOT = join(import.meta.dirname, '../..')
const ENTRIES = ['src/main/index.ts', 'src/main/hosts/web.ts']

/** Modules only a worker may load, and why. */
const WORKER_ONLY: Readonly<Record<string, string>> = {
  'src/emulator/handle.ts': 'the demo service answers from its own thread (reference-worker.ts)',
  'src/emulator/catalogue.ts': 'the demo catalogue is generated in the service thread',
  'src/main/exchange/backup-jobs.ts':
    'backups are copied, stripped and vacuumed in the backup worker',
  'src/main/exchange/backup-reader.ts': 'a backup is read, under budget, in the backup worker',
  'src/main/exchange/backup-strip-repo.ts':
    'a backup is written from one read of the live file, in the backup worker'
}

/**
 * Statements that hold a thread for the size of the database, whatever the caller. (SQLite's
 * online backup, `db.backup()`, is not one: better-sqlite3 copies it in steps between turns.)
 */
const HEAVY_TEXT: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\bVACUUM\b/, why: 'VACUUM rewrites the whole file in one statement' }
]

/** Whole-file reads allowed on a main thread: small files of our own, read at start or on demand. */
const SMALL_FILE_READS: Readonly<Record<string, string>> = {
  'src/main/hosts/instance-lock.ts': 'the lock file: one line',
  'src/main/hosts/process-start.ts': '/proc/<pid>/stat: one line',
  'src/main/shell/window-state.ts': 'the window bounds: one small JSON',
  'src/main/logging/log-file.ts': 'the last lines of a log, capped by rotation (diagnostics)'
}

// `import x from`, `import { x } from`, `export { x } from`, `import './x'`; never `import type`.
const RUNTIME_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'/g

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate
  }
  return null
}

/** Every module a host's main thread may load, by path from the repository root. */
function mainThreadModules(
  entries: readonly string[],
  read: (path: string) => string = (p) => readFileSync(join(ROOT, p), 'utf8'),
  resolveSpec: (from: string, spec: string) => string | null = (from, spec) => {
    const r = resolveImport(join(ROOT, from), spec)
    return r === null ? null : relative(ROOT, r)
  }
): Set<string> {
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    for (const m of read(file).matchAll(RUNTIME_IMPORT)) {
      const target = resolveSpec(file, m[1] ?? '')
      if (target !== null && !seen.has(target)) queue.push(target)
    }
  }
  return seen
}

function workerEntries(): string[] {
  const found: string[] = []
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`
      if (e.isDirectory()) walk(path)
      else if (path.endsWith('.ts')) {
        const text = readFileSync(join(ROOT, path), 'utf8')
        if (!text.includes('new Worker(')) continue
        // Each start names its script beside the module (src/shared/worker-script.ts).
        for (const m of text.matchAll(/workerScript\(import\.meta\.url, '([\w-]+)'/g))
          found.push(`${dir}/${m[1] ?? ''}.ts`)
      }
    }
  }
  walk('src')
  return found
}

describe('the main thread is for answering', () => {
  const modules = mainThreadModules(ENTRIES)

  it('reads the host entries and what they load', () => {
    expect(modules.has('src/main/app/compose.ts')).toBe(true)
    expect(modules.size).toBeGreaterThan(100)
  })

  it('loads no module that only a worker may run', () => {
    const loaded = Object.keys(WORKER_ONLY).filter((m) => modules.has(m))
    expect(loaded).toEqual([])
  })

  it('starts the demo service without building the v3 set schemas it never reads', () => {
    // Built at load, 45-71 ms of the service thread's start in the first second of a first run,
    // for one constant (issue #25).
    const service = mainThreadModules(['src/emulator/reference-worker.ts'])
    expect(service.has('src/emulator/set-records-v3.ts')).toBe(true)
    expect(service.has('src/shared/protocol/v3-sets.ts')).toBe(false)
  })

  it('has no whole-file statement of SQLite in what a main thread loads', () => {
    const found = [...modules].flatMap((file) => {
      const code = readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
        .join('\n')
      return HEAVY_TEXT.filter((h) => h.pattern.test(code)).map((h) => `${file}: ${h.why}`)
    })
    expect(found).toEqual([])
  })

  it('reads whole files synchronously only where they are known to be small', () => {
    const found = [...modules].filter((file) => {
      const code = readFileSync(join(ROOT, file), 'utf8')
      return /\breadFileSync\(/.test(code) && !(file in SMALL_FILE_READS)
    })
    expect(found).toEqual([])
  })

  it('ships every worker the code starts as an entry of the build', () => {
    const config = readFileSync(join(ROOT, 'electron.vite.config.ts'), 'utf8')
    const entries = workerEntries()
    expect(entries.length).toBeGreaterThanOrEqual(7)
    expect(entries.filter((e) => !existsSync(join(ROOT, e)))).toEqual([])
    const missing = entries.filter((e) => !config.includes(`resolve('${e}')`))
    expect(missing).toEqual([])
  })

  it('finds a worker-only module that a main-thread module imports', () => {
    // The check itself can fail: a made-up graph where the entry reaches the heavy module.
    const files: Record<string, string> = {
      'a.ts': "import { b } from './b'\nimport type { T } from './t'",
      'b.ts': "export { run } from './heavy'",
      'heavy.ts': '',
      't.ts': "import './never'"
    }
    const reached = mainThreadModules(
      ['a.ts'],
      (p) => files[p] ?? '',
      (_from, spec) => `${spec.slice(2)}.ts`
    )
    expect([...reached].sort()).toEqual(['a.ts', 'b.ts', 'heavy.ts'])
  })
})
