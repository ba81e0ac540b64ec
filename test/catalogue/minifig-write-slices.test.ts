import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { replaceMinifigCatalogue } from '../../src/main/catalogue/minifigs-repo'
import type { CatalogueMinifigInput } from '../../src/main/catalogue/minifigs-repo'
import { upsertProfile } from '../../src/main/account/profiles-repo'
import { openStore } from '../../src/main/store/connection'
import { FIXTURE_AT, openTestStore } from './set-fixtures'
import type { TestStore } from './set-fixtures'
import { crashCopiesDuring } from '../store/crash-copies'

/**
 * Issue #25 item 1: the figure catalogue (130,000 figure-set links at 200,000 sets) is written in
 * short transactions that give the event loop back between them, so the window and user edits on
 * the same connection go on while it is written. Sized by STUDBOOK_PROPERTY_SIZE (figures).
 */
const FIGURES = Number(process.env['STUDBOOK_PROPERTY_SIZE'] ?? 4000)

function figures(n: number, salt = ''): CatalogueMinifigInput[] {
  return Array.from({ length: n }, (_, i) => ({
    minifigNumber: `fig${String(i).padStart(6, '0')}`,
    name: `Figure ${i}${salt}`,
    category: 'Town',
    thumbnailUrl: `https://img.invalid/f/${i}.jpg`,
    imageUrl: null,
    // About 6.5 links a figure, as in the 20,000 figures and 130,000 links.
    sets: Array.from({ length: 1 + (i % 12) }, (_, k) => ({
      setID: 1 + ((i * 7 + k) % 5000),
      quantity: 1 + (k % 3)
    }))
  }))
}

const links = (fs: readonly CatalogueMinifigInput[]) => fs.reduce((n, f) => n + f.sets.length, 0)

let t: TestStore | null = null
afterEach(() => {
  t?.close()
  t = null
})

/** Counts what another connection sees committed: what a crash at that moment would leave. */
function committed(path: string, pid: number): { figures: number; links: number } {
  const other = new Database(path, { readonly: true })
  try {
    const one = (q: string) => (other.prepare(q).pluck().get(pid) as number | undefined) ?? 0
    return {
      figures: one('SELECT count(*) FROM minifigs WHERE profile_id = ?'),
      links: one('SELECT count(*) FROM minifig_sets WHERE profile_id = ?')
    }
  } finally {
    other.close()
  }
}

describe('writing the figure catalogue', () => {
  it('gives the event loop back between short transactions, none open across a turn', async () => {
    t = await openTestStore('minifig-slices')
    const { store, pid } = t
    const all = figures(FIGURES)
    const turns: { inTransaction: boolean; synchronous: unknown; links: number }[] = []
    let done = false
    // Scheduled before the write starts: with one long write it runs only once the write is over.
    const tick = () => {
      if (done) return
      turns.push({
        inTransaction: store.write.inTransaction,
        // An edit made in this turn commits with the settings the store was opened with.
        synchronous: store.write.pragma('synchronous', { simple: true }),
        links: committed(store.path, pid).links
      })
      setImmediate(tick)
    }
    setImmediate(tick)
    await replaceMinifigCatalogue(store.write, pid, all)
    done = true
    expect(turns.length).toBeGreaterThan(2)
    expect(turns.every((x) => !x.inTransaction && x.synchronous === 2)).toBe(true)
    // Each turn saw more of the catalogue committed: the write went on in many small steps.
    const seen = new Set(turns.map((x) => x.links))
    expect(seen.size).toBeGreaterThan(2)
    expect(committed(store.path, pid)).toEqual({ figures: all.length, links: links(all) })
  })

  it('leaves exactly the new list, with each figure’s new sets, and other profiles’ figures', async () => {
    t = await openTestStore('minifig-replace')
    const { store, pid } = t
    const other = upsertProfile(
      store.write,
      { kind: 'demo', label: 'o', baseUrl: 'https://o.invalid', binding: 'auto', paths: {} },
      FIXTURE_AT
    ).id
    const first = figures(FIGURES)
    await replaceMinifigCatalogue(store.write, pid, first)
    await replaceMinifigCatalogue(store.write, other, first.slice(0, 10))
    // The second list drops every third figure, renames the rest and changes their sets.
    const second = figures(FIGURES, ' v2')
      .filter((_, i) => i % 3 !== 0)
      .map((f) => ({ ...f, sets: f.sets.slice(1).concat([{ setID: 9999, quantity: 2 }]) }))
    second.push({ ...(second[0] as CatalogueMinifigInput), minifigNumber: 'new-one', sets: [] })
    await replaceMinifigCatalogue(store.write, pid, second)

    const rows = store.read
      .prepare(`SELECT minifig_number, name FROM minifigs WHERE profile_id = ? ORDER BY 1`)
      .all(pid) as { minifig_number: string; name: string }[]
    expect(rows.map((r) => r.minifig_number)).toEqual(second.map((f) => f.minifigNumber).sort())
    expect(rows.every((r) => r.name.endsWith(' v2'))).toBe(true)
    const linkRows = store.read
      .prepare(
        `SELECT minifig_number AS n, set_id AS s, quantity AS q FROM minifig_sets
         WHERE profile_id = ? ORDER BY 1, 2`
      )
      .all(pid)
    const want = second
      .flatMap((f) => f.sets.map((s) => ({ n: f.minifigNumber, s: s.setID, q: s.quantity })))
      .sort((a, b) => (a.n < b.n ? -1 : a.n > b.n ? 1 : a.s - b.s))
    expect(linkRows).toEqual(want)
    expect(committed(store.path, other)).toEqual({
      figures: 10,
      links: links(first.slice(0, 10))
    })
  })

  it('cut by a crash at any turn, the next write leaves exactly its own list', async () => {
    t = await openTestStore('minifig-crash')
    const { store, pid, dir } = t
    const size = Math.max(400, Math.floor(FIGURES / 2))
    await replaceMinifigCatalogue(store.write, pid, figures(size))
    // A quarter of the figures gone, the rest each one set fewer.
    const second = figures(size, ' v2')
      .filter((_, i) => i % 4 !== 0)
      .map((f) => ({ ...f, sets: f.sets.slice(1) }))
    // At a few turns of the second write, the files as a kill -9 would leave them.
    const copies = await crashCopiesDuring(
      store.path,
      dir,
      (turn) => [2, 6, 14].includes(turn),
      () => replaceMinifigCatalogue(store.write, pid, second)
    )
    expect(copies.length).toBeGreaterThan(1)
    for (const copy of copies) {
      const reopened = await openStore(copy)
      try {
        // No figure is lost part way: the old list with part of the new one over it.
        expect(committed(copy, pid).figures).toBeGreaterThanOrEqual(second.length)
        await replaceMinifigCatalogue(reopened.write, pid, second)
        expect(committed(copy, pid)).toEqual({ figures: second.length, links: links(second) })
      } finally {
        reopened.close()
      }
    }
  })

  it('drops a link of quantity 0 and keeps one figure listed twice once', async () => {
    t = await openTestStore('minifig-odd')
    const { store, pid } = t
    const [a] = figures(1)
    if (!a) throw new Error('no figure')
    await replaceMinifigCatalogue(store.write, pid, [
      {
        ...a,
        sets: [
          { setID: 1, quantity: 0 },
          { setID: 2, quantity: 1 }
        ]
      },
      { ...a, name: 'again', sets: [{ setID: 2, quantity: 3 }] }
    ])
    expect(
      store.read.prepare(`SELECT name FROM minifigs WHERE profile_id = ?`).pluck().all(pid)
    ).toEqual(['again'])
    expect(
      store.read.prepare(`SELECT set_id, quantity FROM minifig_sets WHERE profile_id = ?`).all(pid)
    ).toEqual([{ set_id: 2, quantity: 3 }])
  })
})
