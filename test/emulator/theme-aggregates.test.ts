import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalogue } from '../../src/emulator/catalogue'
import { createReferenceService } from '../../src/emulator/index'
import type { ReferenceService } from '../../src/emulator/index'

// getSubthemes and getYears per theme, as a catalogue sync asks them theme after theme: checked
// against a count made here from the generated catalogue, and pinned byte for byte to the answers
// the service gave when it scanned every set on every call (before its per-theme index).

const BASE = 'https://reference.test'
const SEED = 3
const SIZE = 3000

interface SubthemeRow {
  theme: string
  subtheme: string
  setCount: number
  yearFrom: number
  yearTo: number
}
interface YearRow {
  theme: string
  year: string
  setCount: number
}

let service: ReferenceService
beforeAll(() => {
  service = createReferenceService({ sets: SIZE, seed: SEED })
})
afterAll(() => {
  service.close()
})

async function v3<T>(op: string, theme: string, key: string): Promise<T[]> {
  const res = await service.handle(
    new Request(`${BASE}/api/v3.asmx/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ apiKey: service.demo.apiKey, Theme: theme }).toString()
    })
  )
  const body = (await res.json()) as Record<string, unknown>
  expect(body['status']).toBe('success')
  return body[key] as T[]
}

async function v2Text(op: string, theme: string): Promise<string> {
  const q = new URLSearchParams({ apiKey: service.demo.apiKey, theme })
  const res = await service.handle(new Request(`${BASE}/api/v2.asmx/${op}?${q.toString()}`))
  return res.text()
}

/** The rows counted here, the slow and obvious way, from the catalogue the service generates. */
function expected(theme: string): { subthemes: SubthemeRow[]; years: YearRow[] } {
  const cat = generateCatalogue(SEED, SIZE)
  const t = theme.trim().toLowerCase()
  const subs = new Map<string, SubthemeRow>()
  const years = new Map<string, YearRow>()
  for (const s of cat.sets) {
    const th = cat.themes[s.theme]
    if (th === undefined) throw new Error('set without a theme')
    const inTheme = th.name.toLowerCase() === t
    if (inTheme && s.subtheme >= 0) {
      const key = th.subthemes[s.subtheme] ?? ''
      const row = subs.get(key) ?? {
        theme: th.name,
        subtheme: key,
        setCount: 0,
        yearFrom: s.year,
        yearTo: s.year
      }
      row.setCount++
      row.yearFrom = Math.min(row.yearFrom, s.year)
      row.yearTo = Math.max(row.yearTo, s.year)
      subs.set(key, row)
    }
    if (inTheme || t === '') {
      const key = String(s.year)
      const row = years.get(key) ?? { theme: t === '' ? '' : th.name, year: key, setCount: 0 }
      row.setCount++
      years.set(key, row)
    }
  }
  const byKey = <R>(m: Map<string, R>): R[] =>
    [...m].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r)
  return { subthemes: byKey(subs), years: byKey(years) }
}

describe('per-theme aggregates of the reference service', () => {
  it('counts each theme’s subthemes and years as the catalogue holds them', async () => {
    const themes = generateCatalogue(SEED, SIZE).themes.map((t) => t.name)
    expect(themes.length).toBeGreaterThan(10)
    for (const theme of [...themes, 'no such theme', `  ${themes[0]?.toUpperCase() ?? ''} `]) {
      const want = expected(theme)
      expect(await v3<SubthemeRow>('getSubthemes', theme, 'subthemes')).toEqual(want.subthemes)
      expect(await v3<YearRow>('getYears', theme, 'years')).toEqual(want.years)
    }
    expect(await v3<YearRow>('getYears', '', 'years')).toEqual(expected('').years)
  })

  it('gives the bytes it gave when it scanned every set per call', async () => {
    const themes = generateCatalogue(SEED, SIZE).themes.map((t) => t.name)
    const hash = createHash('sha256')
    for (const theme of [...themes, '', 'no such theme', themes[1]?.toLowerCase() ?? '']) {
      hash.update(await v2Text('getSubthemes', theme))
      hash.update(await v2Text('getYears', theme))
    }
    expect(hash.digest('hex')).toBe(
      '1d0ae56a7140303248516cbfb031feba1261f146cbc507d207218e127d7edb23'
    )
  })
})
