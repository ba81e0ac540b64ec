import { afterEach, describe, expect, it } from 'vitest'
import { flagLabelsOf } from '../../src/shared/protocol/v3-flag-labels'
import { pushHarness } from '../collection/service-harness'
import type { PushHarness } from '../collection/service-harness'

/**
 * Flags and their labels go through v3 (docs/protocol.md §5): setCollection names only the flag
 * being written, so the website's other flags stay; a label renamed on the website is a conflict.
 */

let h: PushHarness
afterEach(() => {
  h.close()
})

const requests: string[] = []

async function harness(): Promise<void> {
  requests.length = 0
  h = await pushHarness({
    fetch: (svc) => async (req) => {
      requests.push(req.url + (await req.clone().text()))
      return svc.handle(req)
    }
  })
}

const flagsThere = (setID: number) => h.svc.admin.getCollectionValue('demo', setID).flags

describe('flags', () => {
  it('writing one flag keeps the flags the website set', async () => {
    await harness()
    const setID = h.setIDs[20] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { flags: { '5': true } } })
    h.svc.admin.setCollectionValue('demo', setID, { flags: { 8: true } })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(flagsThere(setID)).toEqual([false, false, false, false, true, false, false, true])
  })

  it('a flag the website already set the same way is confirmed without a write', async () => {
    await harness()
    const setID = h.setIDs[21] ?? 0
    await h.handlers['collection:updateSet']({ setID, patch: { flags: { '3': true } } })
    h.svc.admin.setCollectionValue('demo', setID, { flags: { 3: true } })
    requests.length = 0
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    expect(await h.handlers['outbox:list']({})).toEqual([])
    expect(requests.filter((r) => /setCollection\b/.test(r))).toEqual([])
  })
})

describe('flag labels', () => {
  it('a label renamed on the website since the edit is a conflict, and keeping mine sends it', async () => {
    await harness()
    await h.handlers['flags:setLabel']({ flagNo: 6, label: 'Mine' })
    await h.client.v3.setUserFlagLabels({ params: { '6': 'Theirs' } })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 1 })
    const [row] = await h.handlers['outbox:list']({})
    expect(row).toMatchObject({ state: 'conflict', server: 'Theirs' })
    await h.handlers['outbox:resolveConflict']({ id: row?.id ?? 0, keep: 'mine' })
    expect(await h.pusher.push()).toMatchObject({ conflicts: 0, failed: 0 })
    const labels = flagLabelsOf(await h.client.v3.getUserFlagLabels())
    expect(labels.find((f) => f.flagNo === 6)?.label).toBe('Mine')
  })
})
