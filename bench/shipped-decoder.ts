/**
 * The decoder as it ships: `npx electron-vite build` (the shipped config, nothing bench-only), then
 * the function the shipped decode entry (out/main/decode-worker.js) calls on each answer, found by
 * following that entry's requires to the chunk it calls `readInput` on (decode-serve's call of
 * service/answer-bytes.ts), loaded by that export. tsx's transpiled source runs other code (no
 * bundling, no minifier's inlining, a different module shape), and measured differently (2.7× vs
 * 4.3× `soap`). The worker's own chain is followed, not a chunk name guessed, so a bundle that
 * splits its chunks another way still times what users run, or says it cannot find it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { PoolInput } from '../src/main/service/answer-bytes'

const OUT = join(import.meta.dirname, '../out/main')
/** The export of service/answer-bytes.ts the decode worker calls on every answer. */
const CALLED = 'readInput'

export interface ShippedDecoder {
  readonly chunk: string
  /** An answer (text or bytes) to what the shipped worker hands back: the decoded records. */
  readonly decode: (input: PoolInput) => unknown
}

/** The chunk `file` (in out/main) calls CALLED on, searching its requires breadth-first. */
function chunkCalling(file: string): string | undefined {
  const seen = new Set<string>()
  const queue = [file]
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) {
    if (seen.has(f)) continue
    seen.add(f)
    const text = readFileSync(join(OUT, f), 'utf8')
    // `const require_x = require("./chunk.js")` … `require_x.readInput(`
    for (const m of text.matchAll(/\b(\w+)\s*=\s*require\("\.\/([^"]+)"\)/g)) {
      const [, binding, chunk] = m
      if (binding === undefined || chunk === undefined) continue
      if (new RegExp(`\\b${binding}\\.${CALLED}\\(`).test(text)) return chunk
      queue.push(chunk)
    }
  }
  return undefined
}

/** Builds (unless BENCH_NO_BUILD=1) and loads the shipped decoder. */
export function shippedDecoder(): ShippedDecoder {
  if (process.env.BENCH_NO_BUILD !== '1') {
    execFileSync('npx', ['electron-vite', 'build'], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'ignore', 'inherit']
    })
  }
  const chunk = chunkCalling('decode-worker.js')
  if (chunk === undefined) {
    throw new Error(`nothing out/main/decode-worker.js requires calls ${CALLED}`)
  }
  const mod = createRequire(join(OUT, 'decode-worker.js'))(`./${chunk}`) as Record<string, unknown>
  const decode = mod[CALLED]
  if (typeof decode !== 'function') throw new Error(`${chunk} exports no ${CALLED}`)
  return { chunk, decode: (input) => (decode as (i: PoolInput) => unknown)(input) }
}
