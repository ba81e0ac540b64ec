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
  for (let i = 0; i < 600; i++) {
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
  })
})
