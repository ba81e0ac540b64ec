// Types for scripts/host-launch.mjs, so the benchmark and tests can import it.
export function hostEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv
/** V8 flags for a host's main thread, given on its command line. */
export declare const HOST_V8_FLAGS: readonly string[]
/** The same flags as Electron's `--js-flags` switch, for its main process. */
export declare const ELECTRON_V8_SWITCH: string
