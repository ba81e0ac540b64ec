// Types for scripts/host-launch.mjs, so the benchmark and tests can import it.
export function hostEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv
