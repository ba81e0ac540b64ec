/**
 * The script a worker thread runs and the options Node needs to run it, for every worker of the
 * host and of the demo service (their `spawn` functions).
 *
 * - A build ships `<name>.js` beside the module that starts the worker.
 * - From sources (tests, `tsx`), the worker is TypeScript run through tsx. That costs each start
 *   about a second on our machines: tsx starts a loader thread and transforms every module again.
 *   A first sync then started five workers (one since dc32bdd): the test suite spent about a
 *   third of its time on this.
 * - STUDBOOK_WORKER_BUNDLES, a `file:` URL of a folder of prebuilt `<name>.mjs` bundles (the test
 *   suite's, built from the same sources by test/worker-bundles.ts), takes precedence over both.
 *   It also holds for a worker started from a bundle, and for a child process that inherits it;
 *   set but empty, it means the sources through tsx.
 */
interface WorkerScript {
  readonly url: URL
  /** Spread into the Worker's options. */
  readonly options: { readonly execArgv?: string[] }
}

/** The environment variable naming the prebuilt bundles. */
export const WORKER_BUNDLES_VAR = 'STUDBOOK_WORKER_BUNDLES'

/**
 * `name` (no extension, e.g. `decode-worker`) as started from the module at `startedFrom` (its
 * `import.meta.url`), under `env` (the process's environment).
 */
export function workerScript(
  startedFrom: string,
  name: string,
  env: Readonly<Record<string, string | undefined>>
): WorkerScript {
  const bundles = env[WORKER_BUNDLES_VAR]
  if (bundles !== undefined && bundles !== '') {
    const folder = bundles.endsWith('/') ? bundles : `${bundles}/`
    return { url: new URL(`${name}.mjs`, folder), options: {} }
  }
  if (startedFrom.endsWith('.ts')) {
    return { url: new URL(`./${name}.ts`, startedFrom), options: { execArgv: ['--import', 'tsx'] } }
  }
  return { url: new URL(`./${name}.js`, startedFrom), options: {} }
}
