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
