// How a host process is started: the environment the launcher (scripts/start.mjs) gives it,
// shared with the stall benchmark (bench/stall-host.ts) so that what is measured is what runs.
//
// glibc reads its malloc tunables at the process's first allocation, so they cannot be set from
// inside the host: they are the launcher's to give (issue #25: the host's peak RSS in a
// connect's first sync was 208-223 MB against a goal of 200, docs/benchmarks.md).

/**
 * glibc's malloc gives each thread that allocates an arena of its own, up to 8 per core: the
 * host's main thread, V8's GC and compiler threads, libuv's pool, each worker (the catalogue
 * writer's SQLite connection, its decoder). An arena keeps the pages it has once used. At the
 * peak of a connect, /proc/<pid>/smaps showed 26 MB in the main arena and 28 MB in six thread
 * arenas; with two arenas for all threads, 43-46 MB, and the peak RSS 188-209 MB against 208-223
 * (docs/benchmarks.md, 2026-11-26 14:05 UTC). The longest stall did not move beyond the noise of
 * a loaded machine; a quiet re-run decides.
 * Other C libraries (macOS, Windows, musl) ignore the variable. A value the user set is kept.
 */
const MALLOC_ARENAS = '2'

/** The environment for a host process (browser host or Electron): `env`, arenas bounded. */
export function hostEnv(env) {
  return { MALLOC_ARENA_MAX: MALLOC_ARENAS, ...env }
}

/**
 * V8 flags for a host's main thread. V8 sizes a heap's young generation when the isolate is
 * made, so these belong on the command line: v8.setFlagsFromString from inside the host leaves
 * the young generation at its default (32 MB of semi-spaces on our machines).
 *
 * `--max-semi-space-size=4` (MB): a connect's first sync promotes little, and the default young
 * generation held 20-30 MB more than that sync needs. Quiet, three runs each of v3 and v2 with and
 * without (docs/benchmarks.md, 2026-11-26 20:25 UTC): peak RSS 175-185 MB against 202-217, the sync
 * 4.26-4.66 s against 3.98-4.53, the longest stall since listening 15.8-22.9 ms against 20.5-28.2.
 * Five first demo runs each: searchable 3.43-3.84 s against 3.58-3.82, RSS 219-226 MB against
 * 228-240. Workers set their own young generation (resourceLimits) and are not changed by this.
 */
export const HOST_V8_FLAGS = Object.freeze(['--max-semi-space-size=4'])

/**
 * The same flags as Electron takes them. Its main process reads them only from its own command
 * line, so the launcher and the Linux desktop entry (electron-builder.yml, linux.executableArgs)
 * pass this switch; `app.commandLine` would be too late for the main process.
 */
export const ELECTRON_V8_SWITCH = `--js-flags=${HOST_V8_FLAGS.join(' ')}`
