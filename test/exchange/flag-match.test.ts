import { afterEach, describe, expect, it } from 'vitest'
import { matchFlags } from '../../src/main/exchange/flag-match'
import { bits, exchangeHarness, golden, labelsOf, setState } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'

/**
 * A file's flag columns are read into the user's flags by name, never by place, and no two flags
 * ever share a name. (A Brickset file with "Boxed" as its third flag column, imported where flag 2
 * is "Boxed", renamed flag 3 to "Boxed" as well.)
 */

let t: ExchangeHarness
afterEach(() => {
  t.close()
})

async function label(...names: string[]): Promise<void> {
  for (const [i, name] of names.entries()) {
    if (name !== '') await t.h.handlers['flags:setLabel']({ flagNo: i + 1, label: name })
  }
}

const unique = (names: string[]): boolean => {
  const named = names.filter((n) => n !== '').map((n) => n.toLowerCase())
  return new Set(named).size === named.length
}

describe('flags matched by name', () => {
  it('Brickset: "Boxed" in the file’s third column goes to the user’s flag 2 "Boxed"', async () => {
    t = await exchangeHarness()
    await label('Displayed', 'Boxed')
    const preview = await t.x['exchange:previewImport']({
      format: 'collection',
      content: golden('brickset-sets-current.csv')
    })
    // The preview says what is renamed and what moves.
    const renames = preview.items.filter((i) => i.target === 'label')
    expect(renames.map((i) => i.summary)).toEqual([expect.stringContaining('"Instagrammed"')])
    expect(renames.map((i) => i.number)).toEqual(['Flag 6'])
    expect(preview.notices.join('\n')).toContain('flag column 3 "Boxed" is read into your flag 2')
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(labelsOf(t.h.store)).toEqual(['Displayed', 'Boxed', '', '', '', 'Instagrammed', '', ''])
    // The golden row says Displayed, Boxed and Instagrammed.
    expect(setState(t.h.store, t.id('10179-1'))?.flags).toBe(bits(1, 2, 6))
    expect(setState(t.h.store, t.id('308-3'))?.flags).toBe(bits(6))
  })

  it('a new name whose place is taken goes to the first flag without a name', async () => {
    t = await exchangeHarness()
    await label('Displayed', 'Boxed', '', '', '', 'Gift')
    const preview = await t.x['exchange:previewImport']({
      format: 'collection',
      content: golden('brickset-sets-current.csv')
    })
    expect(preview.notices.join('\n')).toContain(
      'flag column 6 "Instagrammed" is read into your flag 3, which takes its name.'
    )
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    expect(labelsOf(t.h.store)).toEqual([
      'Displayed',
      'Boxed',
      'Instagrammed',
      '',
      '',
      'Gift',
      '',
      ''
    ])
    expect(setState(t.h.store, t.id('308-3'))?.flags).toBe(bits(3))
  })

  it('a new name goes to a flag without one; with all eight named it is not read, and says so', async () => {
    t = await exchangeHarness()
    await label('Displayed', 'Boxed', 'A', 'B', 'C', 'Gift', 'D', 'E')
    const preview = await t.x['exchange:previewImport']({
      format: 'collection',
      content: golden('brickset-sets-current.csv')
    })
    expect(preview.items.filter((i) => i.target === 'label')).toEqual([])
    expect(preview.notices.join('\n')).toContain(
      'The flag column "Instagrammed" was not read: all eight flags have other names.'
    )
    await t.x['exchange:applyImport']({ previewId: preview.previewId })
    const names = labelsOf(t.h.store)
    expect(names).toEqual(['Displayed', 'Boxed', 'A', 'B', 'C', 'Gift', 'D', 'E'])
    expect(unique(names)).toBe(true)
    // "Flag 2 not used" is not read into the user's named flag 2: only "Boxed" is.
    expect(setState(t.h.store, t.id('10179-1'))?.flags).toBe(bits(1, 2))
  })

  it('a column without a name is not read into a named flag, and ticks in it are not lost silently', async () => {
    t = await exchangeHarness()
    await label('Displayed', 'Boxed')
    const lines = golden('brickset-sets-current.csv').split('\r\n')
    const header = lines[0] ?? ''
    // 308-3's row has no quoted cells: tick its "Flag 2 not used".
    const cells = (lines[4] ?? '').split(',')
    const at = header.split(',').indexOf('Flag 2 not used')
    const row = [...cells.slice(0, at), 'Yes', ...cells.slice(at + 1)]
    const preview = await t.x['exchange:previewImport']({
      format: 'collection',
      content: [header, row.join(',')].join('\r\n')
    })
    expect(preview.notices.join('\n')).toContain(
      'The file\'s flag column 2 "Flag 2 not used" has ticks (line 2), but your flag 2 is "Boxed": that column was not read.'
    )
  })

  it('our full export: names travel, and land on the flag of that name in another profile', async () => {
    const source = await exchangeHarness()
    t = await exchangeHarness()
    try {
      for (const [flagNo, name] of [
        [1, 'Boxed'],
        [2, 'Displayed']
      ] as const) {
        await source.h.handlers['flags:setLabel']({ flagNo, label: name })
      }
      await source.h.handlers['collection:updateSet']({
        setID: source.id('10179-1'),
        patch: { qtyOwned: 1, flags: { '1': true } }
      })
      const file = await source.x['exchange:export']({
        format: 'studbook',
        bom: false,
        saveWithDialog: false
      })
      await label('Displayed', '', 'Boxed')
      const preview = await t.x['exchange:previewImport']({
        format: 'studbook',
        content: file.content
      })
      await t.x['exchange:applyImport']({ previewId: preview.previewId })
      expect(labelsOf(t.h.store)).toEqual(['Displayed', '', 'Boxed', '', '', '', '', ''])
      expect(setState(t.h.store, t.id('10179-1'))?.flags).toBe(bits(3))
    } finally {
      source.close()
    }
  })

  it('matchFlags: every mix of file and user names leaves each name on one flag', () => {
    const pool = ['', 'Boxed', 'boxed ', 'Displayed', 'Flag 3 not used', 'Flag 5', 'Gift', 'X']
    let seed = 7
    const pick = (): string => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return pool[seed % pool.length] ?? ''
    }
    for (let round = 0; round < 500; round++) {
      const local = Array.from({ length: 8 }, pick).map((n) => (n.startsWith('Flag') ? '' : n))
      // The app itself never holds two flags of one name.
      const held = local.map((n, i) =>
        local.slice(0, i).some((o) => o.trim().toLowerCase() === n.trim().toLowerCase()) ? '' : n
      )
      const columns = Array.from({ length: 8 }, (_, i) => ({
        index: 30 + i,
        name: pick(),
        position: i + 1
      }))
      const m = matchFlags(columns, held)
      const after = held.map((n, i) => m.labels.get(i + 1) ?? n.trim())
      expect(unique(after), JSON.stringify({ held, columns, after })).toBe(true)
      // Each flag is read from one column at most, and names are only given to unnamed flags.
      const targets = m.columns.map((c) => c.flagNo)
      expect(new Set(targets).size).toBe(targets.length)
      for (const n of m.labels.keys()) expect(held[n - 1]?.trim()).toBe('')
    }
  })
})
