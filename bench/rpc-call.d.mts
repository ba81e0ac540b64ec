// Types for bench/rpc-call.mjs, so the TypeScript benchmarks can import it.
import type { Agent } from 'node:http'

/** A browser host to call: its port, the token's cookie, and the connection pool to call on. */
export interface RpcTarget {
  readonly port: number
  readonly cookie: string
  readonly agent: Agent
}

/** One call's outcome and its time, from the request to the end of the answer. */
export interface Call {
  readonly ok: boolean
  readonly ms: number
  readonly value: unknown
  readonly error?: string
}

/** A call that carries a file: its content type and fields header (src/shared/ipc/file-wire.ts). */
export interface Upload {
  readonly headers: Readonly<Record<string, string>>
  readonly parts: readonly Uint8Array[]
}

export function rpcCall(
  target: RpcTarget,
  channel: string,
  input?: unknown,
  upload?: Upload | null
): Promise<Call>
