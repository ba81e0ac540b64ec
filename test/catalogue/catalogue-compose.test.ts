import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import type { AppContext } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'

let app: AppContext | null = null
let dir = ''

afterEach(async () => {
  await app?.close()
  app = null
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function waitForSync(a: AppContext): Promise<void> {
  // Up to 80 s before naming a hang (the suite's limit is 90 s): a loaded machine took over 15.
  for (let i = 0; i < 3200; i++) {
    const s = await a.handlers['sync:getStatus']({})
    if (!s.running && s.phase !== 'idle') return
    if (!s.running && s.error) throw new Error(s.error)
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error('sync did not finish')
}

describe('createApp with the demo profile', () => {
  it('signs in, syncs the demo catalogue and answers every contract channel', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-compose-'))
    app = await createApp({ dataDir: dir, host: 'browser', demoSets: 300, credentials: 'memory' })
    expect(Object.keys(app.handlers).sort()).toEqual([...CHANNEL_NAMES].sort())
    await waitForSync(app)
    const themes = await dispatch(app.handlers, 'catalog:listThemes', {})
    expect(themes.ok).toBe(true)
    if (!themes.ok) return
    const list = themes.value as { theme: string; setCount: number }[]
    expect(list.length).toBeGreaterThan(0)
    expect(list.reduce((n, t) => n + t.setCount, 0)).toBe(300)
    const status = await app.handlers['sync:getStatus']({})
    expect(status.catalogueSets).toBe(300)
    expect(status.error).toBeNull()
    const info = await app.handlers['app:getInfo']({})
    expect(info.profile.kind).toBe('demo')
    const first = await app.handlers['catalog:search']({
      text: '',
      sort: 'number',
      desc: false,
      offset: 0,
      limit: 1,
      facets: false
    })
    const detail = await app.handlers['catalog:getSet']({ setID: first.rows[0]?.setID ?? 0 })
    if (detail.serviceURL?.startsWith('https:')) {
      expect(app.allowedExternalHosts()).toContain(new URL(detail.serviceURL).host)
    }
    expect(app.allowedExternalHosts().every((h) => !h.includes('/'))).toBe(true)
    const thumb = first.rows[0]?.thumbnail
    if (thumb) expect((await app.media(thumb))?.contentType).toMatch(/^image\//)
  })

  it('an edit is saved locally, pushed by the next sync, and survives a restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-compose-'))
    app = await createApp({ dataDir: dir, host: 'browser', demoSets: 200, credentials: 'memory' })
    await waitForSync(app)
    const page = await app.handlers['catalog:search']({
      text: '',
      owned: false,
      sort: 'number',
      desc: false,
      offset: 0,
      limit: 1,
      facets: false
    })
    const setID = page.rows[0]?.setID ?? 0
    const saved = await dispatch(app.handlers, 'collection:updateSet', {
      setID,
      patch: { owned: true, notes: 'from the compose test' }
    })
    expect(saved.ok).toBe(true)
    expect((await app.handlers['catalog:getSet']({ setID })).collection.owned).toBe(true)
    await app.handlers['sync:start']({ full: false })
    await waitForSync(app)
    const status = await app.handlers['sync:getStatus']({})
    expect(status).toMatchObject({ pending: 0, needsAttention: 0, conflicts: 0, error: null })
    await app.close()
    app = await createApp({
      dataDir: dir,
      host: 'browser',
      demoSets: 200,
      credentials: 'memory',
      autoSync: false
    })
    const again = await app.handlers['catalog:getSet']({ setID })
    expect(again.collection).toMatchObject({
      owned: true,
      notes: 'from the compose test',
      sync: 'synced'
    })
  })
})
