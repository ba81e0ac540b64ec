/**
 * The decoder as it ships: `npx electron-vite build` (the shipped config, nothing bench-only), then
 * the chunk that out/main/decode-worker.js — the shipped decode entry — requires for
 * `decodeResponse`, loaded by that export. tsx's transpiled source runs other code (no bundling, no
 * minifier's inlining, a different module shape), and measured differently (2.7× vs 4.3× `soap`).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { DecodeInput } from '../src/main/service/decode-response'

const OUT = join(import.meta.dirname, '../out/main')

export interface ShippedDecoder {
  readonly chunk: string
  readonly decodeResponse: (input: DecodeInput) => unknown
}

/** Builds (unless BENCH_NO_BUILD=1) and loads the shipped decoder. */
export function shippedDecoder(): ShippedDecoder {
  if (process.env.BENCH_NO_BUILD !== '1') {
    execFileSync('npx', ['electron-vite', 'build'], {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'ignore', 'inherit']
    })
  }
  const entry = readFileSync(join(OUT, 'decode-worker.js'), 'utf8')
  // `const require_x = require("./chunk.js")` … `require_x.decodeResponse(`
  const use = /\b(\w+)\.decodeResponse\(/.exec(entry)
  const binding = use?.[1]
  const chunk =
    binding === undefined
      ? undefined
      : new RegExp(`\\b${binding}\\s*=\\s*require\\("\\./([^"]+)"\\)`).exec(entry)?.[1]
  if (chunk === undefined) throw new Error('out/main/decode-worker.js requires no decodeResponse')
  const mod = createRequire(join(OUT, 'decode-worker.js'))(`./${chunk}`) as {
    decodeResponse?: (input: DecodeInput) => unknown
  }
  if (typeof mod.decodeResponse !== 'function')
    throw new Error(`${chunk} exports no decodeResponse`)
  return { chunk, decodeResponse: mod.decodeResponse }
}
