import { describe, expect, it } from 'vitest'
import { WORKER_BUNDLES_VAR, workerScript } from '../../src/shared/worker-script'

const SOURCE = 'file:///repo/src/main/service/decode-pool.ts'
const BUILT = 'file:///app/out/main/index.js'

describe('where a worker thread’s script is', () => {
  it('a build starts the .js beside it, with no loader', () => {
    const s = workerScript(BUILT, 'decode-worker', {})
    expect(s.url.href).toBe('file:///app/out/main/decode-worker.js')
    expect(s.options).toEqual({})
  })

  it('sources start the .ts beside them through tsx', () => {
    const s = workerScript(SOURCE, 'decode-worker', {})
    expect(s.url.href).toBe('file:///repo/src/main/service/decode-worker.ts')
    expect(s.options).toEqual({ execArgv: ['--import', 'tsx'] })
  })

  it.each([
    ['file:///repo/node_modules/.cache/w/run-1/', SOURCE],
    ['file:///repo/node_modules/.cache/w/run-1', SOURCE],
    ['file:///repo/node_modules/.cache/w/run-1/', BUILT]
  ])('the suite’s bundles (%s), started from %s, come before both', (folder, from) => {
    const s = workerScript(from, 'set-writer-worker', { [WORKER_BUNDLES_VAR]: folder })
    expect(s.url.href).toBe('file:///repo/node_modules/.cache/w/run-1/set-writer-worker.mjs')
    expect(s.options).toEqual({})
  })

  it('an empty STUDBOOK_WORKER_BUNDLES means the sources through tsx', () => {
    const s = workerScript(SOURCE, 'facet-worker', { [WORKER_BUNDLES_VAR]: '' })
    expect(s.url.href).toBe('file:///repo/src/main/service/facet-worker.ts')
    expect(s.options.execArgv).toEqual(['--import', 'tsx'])
  })
})
