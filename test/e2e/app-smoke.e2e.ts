import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp } from './harness'
import type { AppUnderTest } from './harness'

interface Theme {
  theme: string
  setCount: number
}

let app: AppUnderTest

beforeAll(async () => {
  app = await startApp({ demoSets: 2000 })
})

afterAll(async () => {
  await app.stop()
})

async function themesOnceSynced(): Promise<Theme[]> {
  for (let i = 0; i < 100; i++) {
    const themes = await app.rpc<Theme[]>('catalog:listThemes')
    if (themes.length > 0) return themes
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('no themes arrived from the demo catalogue')
}

describe('the app in Chromium through the browser host', () => {
  it('shows the demo catalogue’s themes, travelled service → client → SQLite → IPC → UI', async () => {
    const themes = await themesOnceSynced()
    const biggest = [...themes].sort((a, b) => b.setCount - a.setCount)[0]
    if (!biggest) throw new Error('no theme')
    const theme = app.page.getByRole('combobox', { name: /^Theme/ })
    await theme.locator('option', { hasText: biggest.theme }).waitFor({ state: 'attached' })
    await theme.selectOption(biggest.theme)
    const expected = `${biggest.setCount.toLocaleString('en-US')} sets`
    await app.page.waitForFunction(
      (text) =>
        document
          .querySelector('[data-testid="result-count"]')
          ?.textContent.replace(/\s+/g, ' ')
          .trim() === text,
      expected
    )
    await app.page.screenshot({ path: join(app.artifactsDir, 'first-run.png') })
  })

  it('loads with no console error and no Node or Electron object in the page', async () => {
    expect(app.consoleErrors).toEqual([])
    const leaked = await app.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>
      return ['ipcRenderer', 'require', 'process', 'module', 'Buffer'].filter((k) => k in w)
    })
    expect(leaked).toEqual([])
  })
})
