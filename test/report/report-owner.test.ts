import { afterEach, describe, expect, it } from 'vitest'
import { openStore } from '../../src/main/store/connection'
import { reportHarness } from './report-harness'
import { join } from 'node:path'

let close = () => {}
afterEach(() => {
  close()
})

describe("the report's owner, from Settings", () => {
  it('prints the name and address saved in Settings, kept in the database', async () => {
    const { h, call, build } = await reportHarness()
    close = () => {
      h.close()
    }
    expect((await build({ scope: 'owned' })).owner).toEqual({ name: '', address: '' })
    const saved = await call('report:setOwner', {
      name: 'Ada Builder',
      address: '1 Brick Lane\nLondon E1 6QL'
    })
    expect(saved.ok).toBe(true)
    const got = await call('report:getOwner', {})
    expect(got.ok ? got.value : null).toEqual({
      name: 'Ada Builder',
      address: '1 Brick Lane\nLondon E1 6QL'
    })
    expect((await build({ scope: 'owned' })).owner).toEqual({
      name: 'Ada Builder',
      address: '1 Brick Lane\nLondon E1 6QL'
    })
    // In the database file, so a backup (a snapshot of it) carries it.
    const dbPath = join(h.dir, 'studbook.db')
    h.store.close()
    const again = await openStore(dbPath)
    const rows = again.read
      .prepare(`SELECT key, value FROM settings WHERE key LIKE 'report.owner%' ORDER BY key`)
      .all()
    again.close()
    expect(rows).toEqual([
      { key: 'report.ownerAddress', value: '1 Brick Lane\nLondon E1 6QL' },
      { key: 'report.ownerName', value: 'Ada Builder' }
    ])
  })

  it('refuses an owner that is not plain text of a sane length', async () => {
    const { h, call } = await reportHarness()
    close = () => {
      h.close()
    }
    for (const input of [
      {},
      { name: 'x'.repeat(201), address: '' },
      { name: 'A', address: 'x'.repeat(1001) },
      { name: 'A', address: '', extra: 1 },
      { name: 'A\u0000', address: '' }
    ]) {
      const r = await call('report:setOwner', input)
      expect(r.ok ? '' : r.error.code, JSON.stringify(input)).toBe('invalid_input')
    }
  })
})
