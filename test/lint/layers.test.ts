import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = join(__dirname, '../..')

// The real project config, with type information off: these probes are not files on disk, and the
// layer rules are syntactic.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false, project: null } } }
  ],
  ruleFilter: ({ ruleId }) =>
    ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-globals'
})

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)
}

describe('layer rules (docs/architecture.md)', () => {
  it.each([
    ['src/main/app/anything.ts', "import { app } from 'electron'"],
    ['src/main/service/x.ts', "import { net } from 'electron/main'"],
    ['src/emulator/x.ts', "import { ipcMain } from 'electron'"],
    ['src/renderer/src/x.ts', "import { ipcRenderer } from 'electron'"],
    ['src/shared/x.ts', "import { app } from 'electron'"]
  ])('%s may not import electron', async (file, code) => {
    expect((await layerErrors(file, code)).join('\n')).toMatch(/no-restricted-imports/)
  })

  it.each([
    ['src/main/shell/window.ts', "import { BrowserWindow } from 'electron'"],
    ['src/main/index.ts', "import { app } from 'electron'"],
    ['src/preload/index.ts', "import { contextBridge } from 'electron'"]
  ])('%s may import electron', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([])
  })

  it.each([
    "import { readFileSync } from 'node:fs'",
    "import { join } from 'path'",
    "import Database from 'better-sqlite3'",
    "import { Worker } from 'worker_threads'"
  ])('src/shared may not import Node: %s', async (code) => {
    expect((await layerErrors('src/shared/x.ts', code)).join('\n')).toMatch(/no-restricted-imports/)
  })

  it.each(['document.title = "x"', 'window.alert(1)', 'localStorage.clear()', 'void fetch("/")'])(
    'src/shared may not touch DOM or host globals: %s',
    async (code) => {
      expect((await layerErrors('src/shared/x.ts', code)).join('\n')).toMatch(
        /no-restricted-globals/
      )
    }
  )

  it('src/shared may import its own modules', async () => {
    expect(
      await layerErrors('src/shared/ipc/x.ts', "import { EVENT_NAMES } from './events'")
    ).toEqual([])
  })

  it.each([
    "import { createApp } from '../../main/app/compose'",
    "import { dispatch } from '../../../main/ipc/dispatch'",
    "import { createReferenceService } from '../../emulator/index'",
    "import { readFile } from 'node:fs/promises'"
  ])('the renderer may not import main, the emulator or Node: %s', async (code) => {
    expect((await layerErrors('src/renderer/src/lib/x.ts', code)).join('\n')).toMatch(
      /no-restricted-imports/
    )
  })

  it('the renderer may import the shared contract', async () => {
    expect(
      await layerErrors(
        'src/renderer/src/lib/x.ts',
        "import { CHANNELS } from '../../../shared/ipc/contract'"
      )
    ).toEqual([])
  })

  it.each([
    ['src/main/sync/runner.ts', "import { createApp } from '../app/compose'"],
    ['src/main/sync/pull/sets.ts', "import { upsertSets } from '../../catalogue/sets-repo'"],
    ['src/main/exchange/x.ts', "import type { Edit } from '../collection/edits-types'"],
    ['src/main/store/x.ts', "import { readSet } from '../collection/index'"],
    ['src/main/service/x.ts', "import type { Profiles } from '../account/index'"]
  ])(
    '%s may not reach app/, a lower layer upward, or another feature inside',
    async (file, code) => {
      expect((await layerErrors(file, code)).join('\n')).toMatch(/no-restricted-imports/)
    }
  )

  it.each([
    ['src/main/sync/pull/sets.ts', "import { upsertSets } from '../../catalogue/index'"],
    ['src/main/sync/pull/sets.ts', "import { callGetSets } from './context'"],
    ['src/main/sync/runner.ts', "import { createPusher } from './push/pusher'"],
    ['src/main/app/compose.ts', "import { createSyncRunner } from '../sync/runner'"]
  ])('%s may import %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([])
  })
})
