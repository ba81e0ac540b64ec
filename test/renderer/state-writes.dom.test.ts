import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AccountState } from '../../src/renderer/src/lib/state/account.svelte'
import { doctorBadge } from '../../src/renderer/src/lib/state/doctor.svelte'
import { focusIntent } from '../../src/renderer/src/lib/state/focus.svelte'
import { help } from '../../src/renderer/src/lib/state/help.svelte'
import { labels } from '../../src/renderer/src/lib/state/labels.svelte'
import { Notices } from '../../src/renderer/src/lib/state/notices.svelte'
import { report } from '../../src/renderer/src/lib/state/report.svelte'
import { scanLog } from '../../src/renderer/src/lib/state/scan.svelte'
import { SyncState } from '../../src/renderer/src/lib/state/sync.svelte'

/**
 * State classes own their writes (issue #31): a field a component could assign is a write no
 * reader of the class sees. Each field below is read from outside and changed through a method.
 */
function refusesWrite(target: object, field: string, value: unknown): void {
  // Modules run in strict mode: assigning to a getter without a setter throws.
  expect(() => {
    ;(target as Record<string, unknown>)[field] = value
  }, field).toThrow(TypeError)
}

describe('state fields from outside', () => {
  it('the sync state: deferring conflicts is a method, and a new conflict asks again', () => {
    const s = new SyncState()
    refusesWrite(s, 'conflictsDeferred', true)
    s.deferConflicts()
    expect(s.conflictsDeferred).toBe(true)
  })

  it('the account state: status, connection test and sign-in error change through methods', () => {
    const a = new AccountState()
    for (const field of ['status', 'test', 'busy', 'error', 'signInError'])
      refusesWrite(a, field, null)
    a.forgetTest()
    a.clearSignInError()
    expect([a.test, a.signInError, a.status]).toEqual([null, null, null])
  })

  it('help, focus, notices, the doctor badge and the scan log', () => {
    refusesWrite(help, 'open', true)
    refusesWrite(help, 'licenses', true)
    help.showShortcuts()
    expect(help.open).toBe(true)
    help.showLicenses()
    expect([help.open, help.licenses]).toEqual([false, true])
    help.closeLicenses()
    expect(help.licenses).toBe(false)

    refusesWrite(focusIntent, 'list', true)
    refusesWrite(focusIntent, 'detail', true)

    const n = new Notices()
    refusesWrite(n, 'fatal', null)
    refusesWrite(n, 'refused', true)

    refusesWrite(doctorBadge, 'total', 3)
    refusesWrite(scanLog, 'action', 'wanted')
    scanLog.setAction('wanted')
    expect(scanLog.action).toBe('wanted')
    scanLog.setAction('owned')
  })
})

describe('the report and labels screens’ choices', () => {
  it('the report: every choice the screen offers changes through a method named for it', () => {
    for (const field of ['choice', 'selection', 'pictures', 'picturesChosen', 'groupByTheme'])
      refusesWrite(report, field, null)
    for (const field of ['title', 'paper', 'region', 'target', 'rates', 'report', 'error', 'busy'])
      refusesWrite(report, field, null)
    report.setGroupByTheme(true)
    report.setPaper('Letter')
    report.setTitle('Policy 12')
    report.setRate('USD', '0.8')
    expect([report.groupByTheme, report.paper, report.title, report.rates.USD]).toEqual([
      true,
      'Letter',
      'Policy 12',
      '0.8'
    ])
    // Ticking Pictures is the user's choice: from then on the report's size no longer decides.
    report.setPictures(false)
    expect([report.pictures, report.picturesChosen]).toEqual([false, true])
  })

  it('the labels: choice, location, sheet and start change through methods', () => {
    for (const field of ['choice', 'selection', 'location', 'places', 'sheet', 'start'])
      refusesWrite(labels, field, null)
    for (const field of ['result', 'error', 'busy']) refusesWrite(labels, field, null)
    labels.setSheet('5160')
    labels.setStart(4)
    labels.setLocation('Attic')
    expect([labels.sheet, labels.start, labels.location]).toEqual(['5160', 4, 'Attic'])
  })
})

/** The state singletons' names: every `export const x = new …` in the state folder. */
const STATE = join(__dirname, '../../src/renderer/src/lib/state')
const stateNames = readdirSync(STATE)
  .filter((f) => f.endsWith('.svelte.ts'))
  .flatMap((f) =>
    [...readFileSync(join(STATE, f), 'utf8').matchAll(/^export const (\w+) = new /gm)].map(
      (m) => m[1] ?? ''
    )
  )

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return path === STATE ? [] : sources(path)
    return /\.(svelte|ts)$/.test(e.name) ? [path] : []
  })
}

describe('components and views', () => {
  it('write no state field directly, by assignment or by bind:', () => {
    expect(stateNames).toContain('report')
    const names = stateNames.join('|')
    // `report.title = x`, `report.rates[c] = x`, `labels.start += 1`, `bind:value={labels.sheet}`.
    const write = new RegExp(
      `\\b(${names})(\\.\\w+|\\[[^\\]]*\\])+\\s*(=(?![=>])|\\+=|-=|\\+\\+|--)|bind:\\w+=\\{(${names})\\.`
    )
    const found = sources(join(__dirname, '../../src/renderer/src')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          write.test(line)
            ? [`${file.split('/src/renderer/')[1] ?? file}:${i + 1}: ${line.trim()}`]
            : []
        )
    )
    expect(found).toEqual([])
  })
})
