import { describe, expect, it } from 'vitest'
import { stateFromText, stateText } from '../../src/main/catalogue/facet-worker-data'
import { setStateSql } from '../../src/main/collection/index'
import { sql } from '../../src/main/store/sql'

/**
 * The facet worker gets the collection's SetStateSql as text in its workerData (a fragment's brand
 * does not survive structured clone); rebuilt there, every member must be the same SQL, or the
 * worker's counts would run other statements than the main thread's.
 */
describe('SetStateSql as workerData', () => {
  it('comes back as the same text, member by member, after a structured clone', () => {
    const back = stateFromText(structuredClone(stateText(setStateSql)))
    const keys = Object.keys(setStateSql).sort()
    expect(Object.keys(back).sort()).toEqual(keys)
    for (const k of keys as (keyof typeof setStateSql)[]) {
      expect([k, back[k].text, back[k].params]).toEqual([k, setStateSql[k].text, []])
    }
  })

  it('refuses a member with a bound value, which text alone would lose', () => {
    expect(() => stateText({ ...setStateSql, isOwned: sql`st.owned = ${1}` })).toThrow(
      'SetStateSql.isOwned carries parameters'
    )
  })
})
