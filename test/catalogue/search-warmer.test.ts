import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSearchWarmer } from '../../src/main/catalogue/search-warmer'
import { openStore } from '../../src/main/store/connection'
import type { Store } from '../../src/main/store/connection'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { isTextWarm } from '../../src/main/catalogue/search-filters'
import { upsertSets } from '../../src/main/catalogue/sets-repo'
import { makeSet } from './set-fixtures'

const AT = '2026-01-01T00:00:00Z'
let dir = ''
let store: Store | null = null
let stop = (): void => undefined

afterEach(() => {
  stop()
  store?.close()
  store = null
  rmSync(dir, { recursive: true, force: true })
})

const warmed = (letter: string): boolean => store !== null && isTextWarm(store.read, letter)

async function until(cond: () => boolean): Promise<void> {
  const end = Date.now() + 5000
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('search warmer', () => {
  it('counts one-letter matches once the catalogue settles, and again after it changes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-warmer-'))
    store = await openStore(join(dir, 'studbook.db'))
    const s = store
    const pid = upsertProfile(
      s.write,
      { kind: 'demo', label: 'd', baseUrl: 'https://d.invalid', binding: 'auto', paths: {} },
      AT
    ).id
    const sets = Array.from({ length: 50 }, (_, i) =>
      makeSet({ setID: i + 1, number: String(100 + i), name: `Castle ${i}` })
    )
    upsertSets(s.write, pid, sets, AT)
    stop = startSearchWarmer(s.read, { settleMs: 100, checkEveryMs: 10 })
    expect(warmed('c')).toBe(false)
    await until(() => warmed('c') && warmed('z') && warmed('9'))

    upsertSets(s.write, pid, [makeSet({ setID: 1, number: '100', name: 'Harbour' })], AT)
    // The change makes every earlier count stale: they are dropped, then read again.
    expect(warmed('c')).toBe(false)
    await until(() => warmed('c') && warmed('h'))
  })
})
