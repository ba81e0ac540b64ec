import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../src/main/app/compose'
import { dispatch } from '../../src/main/ipc/dispatch'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const open = () =>
  createApp({
    dataDir: dir,
    host: 'electron',
    demoSets: 20,
    autoSync: false,
    credentials: 'memory'
  })

describe('the update-check setting', () => {
  it('is on by default, turns off, and stays off across restarts with the other settings', async () => {
    dir = mkdtempSync(join(tmpdir(), 'studbook-update-setting-'))
    const first = await open()
    try {
      expect(await first.handlers['app:getUpdateChecks']({})).toEqual({ enabled: true })
      expect(await first.handlers['app:setUpdateChecks']({ enabled: false })).toEqual({
        enabled: false
      })
    } finally {
      await first.close()
    }
    const again = await open()
    try {
      expect(await again.handlers['app:getUpdateChecks']({})).toEqual({ enabled: false })
      // Checked at the boundary: nothing but a boolean is taken.
      const bad = await dispatch(again.handlers, 'app:setUpdateChecks', { enabled: 'no' })
      expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
      await again.handlers['app:setUpdateChecks']({ enabled: true })
      expect(await again.handlers['app:getUpdateChecks']({})).toEqual({ enabled: true })
    } finally {
      await again.close()
    }
  })
})
