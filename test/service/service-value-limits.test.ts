import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { DecodeInput } from '../../src/main/service/decode-response'
import type { AppError } from '../../src/shared/errors'
import { rejectionsOf } from '../../src/shared/protocol/record-tolerance'
import { httpList, recordXml, V2_POST, V3_POST } from '../fixtures/service/build'
import { thrownError } from './error-codes'

/**
 * Values no service can mean (issue 26): v2 and v3 refuse the same setIDs, and a v3 page holds no
 * count, year or length beyond what the protocol allows (docs/protocol.md §5: pageSize at most 500).
 */

type Obj = Record<string, unknown>
const RECORDED = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/production/production-v3/getSets-sets.json'), 'utf8')
) as Obj[]

function v3(sets: readonly unknown[], matches = sets.length): DecodeInput {
  return { ...V3_POST, body: JSON.stringify({ status: 'success', matches, sets }) }
}

const thrown = (run: () => unknown): AppError => thrownError(run, 'accepted')

interface Checked {
  readonly sets: readonly Obj[]
  readonly rejected: readonly { index: number; field: string }[]
}

const one = (edit: (s: Obj) => void): Checked => {
  const s = structuredClone(RECORDED[0] ?? {})
  edit(s)
  return decodeResponse(v3([structuredClone(RECORDED[1]), s])) as Checked
}

describe('v3 values beyond any real set', () => {
  it('takes the recorded values as they are', () => {
    const answer = decodeResponse(v3(RECORDED)) as Checked
    expect(answer.rejected).toEqual([])
    expect(answer.sets).toHaveLength(RECORDED.length)
  })

  it('rejects a qtyOwned of a million, naming the record and the field', () => {
    const answer = one((s) => (s['collection'] = { owned: true, qtyOwned: 1e6 }))
    expect(answer.sets).toHaveLength(1)
    expect(answer.rejected).toEqual([
      expect.objectContaining({ index: 1, field: 'collection.qtyOwned' })
    ])
  })

  it('rejects the year 1,000,000,000 and the year 7', () => {
    for (const year of [1e9, 7]) {
      const answer = one((s) => (s['year'] = year))
      expect(answer.rejected).toEqual([expect.objectContaining({ index: 1, field: 'year' })])
    }
  })

  it('refuses a 200,000-set page before checking any record of it', () => {
    const sets = Array.from({ length: 200_000 }, (_, i) => ({
      setID: i + 1,
      number: String(i),
      numberVariant: 1
    }))
    const e = thrown(() => decodeResponse(v3(sets)))
    expect(e.code).toBe('bad_record')
    expect(e.detail?.field).toBe('sets')
  })

  it('still takes a full page of 500', () => {
    const sets = Array.from({ length: 500 }, (_, i) => ({
      setID: i + 1,
      number: String(i),
      numberVariant: 1
    }))
    expect((decodeResponse(v3(sets, 9000)) as Checked).sets).toHaveLength(500)
  })
})

describe('v2 setIDs', () => {
  const v2 = (setID: string): DecodeInput => ({
    ...V2_POST,
    body: httpList('sets', [recordXml('sets', { setID: '7' }), recordXml('sets', { setID })])
  })

  it.each(['-5', '0'])('refuses the setID %s, as v3 does: that record is left out', (setID) => {
    const read = decodeResponse(v2(setID)) as unknown[]
    expect(read).toHaveLength(1)
    expect(rejectionsOf(read)).toEqual([expect.objectContaining({ index: 1, field: 'setID' })])
  })

  it('takes a positive one', () => {
    expect(decodeResponse(v2('8'))).toHaveLength(2)
  })
})
