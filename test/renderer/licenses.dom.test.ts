import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import { serveApp } from './app-render'
import { settle } from './dom-env'
import { FakeBackend } from './fake-backend'
import App from '../../src/renderer/src/App.svelte'

/**
 * Help › Third-Party Licenses: the notices the build writes beside the page
 * (scripts/third-party-notices.mjs), served by either host as a static file.
 */
const backend = new FakeBackend(10)
backend.override('app:getInfo', () => ({
  version: '0.1.0',
  host: 'electron',
  profile: { kind: 'demo', label: 'Demo' }
}))

const NOTICES = {
  packages: [
    {
      name: 'better-sqlite3',
      version: '13.2.0',
      license: 'MIT',
      licenseText: 'The MIT License (MIT)\n\nCopyright (c) 2017 Joshua Wise',
      noticeText: '',
      homepage: 'https://github.com/WiseLibs/better-sqlite3'
    },
    {
      name: 'zod',
      version: '4.6.7',
      license: 'MIT',
      licenseText: 'MIT License\n\nCopyright (c) 2025 Colin McDonnell',
      noticeText: '',
      homepage: ''
    }
  ]
}
let served: unknown = NOTICES
const requested: string[] = []

serveApp(backend, {
  reset: () => {
    served = NOTICES
    requested.length = 0
  }
})
beforeAll(() => {
  vi.stubGlobal('fetch', (url: string) => {
    requested.push(url)
    return Promise.resolve(
      new Response(typeof served === 'string' ? served : JSON.stringify(served), {
        status: 200,
        headers: { 'Content-Type': 'application/json' }
      })
    )
  })
})

describe('Help › Third-Party Licenses', () => {
  it('opens from the menu and lists each package with its license text', async () => {
    render(App)
    await settle(10)
    backend.emit('menu:command', { command: 'licenses' })
    await settle(10)
    const dialog = screen.getByRole('dialog', { name: 'Third-party licenses' })
    expect(requested).toEqual(['./third-party-notices.json'])
    const items = within(dialog).getAllByRole('listitem')
    expect(items.map((i) => i.querySelector('summary')?.textContent.trim())).toEqual([
      'better-sqlite3 13.2.0 — MIT',
      'zod 4.6.7 — MIT'
    ])
    expect(within(dialog).getByText(/Copyright \(c\) 2025 Colin McDonnell/)).toBeTruthy()
  })

  it('opens from the Keyboard shortcuts sheet, where the browser host has its Help', async () => {
    render(App)
    await settle(10)
    backend.emit('menu:command', { command: 'shortcuts' })
    await settle()
    await fireEvent.click(screen.getByRole('button', { name: 'Third-party licenses' }))
    await settle(10)
    expect(screen.getByRole('dialog', { name: 'Third-party licenses' })).toBeTruthy()
    expect(screen.getByText('zod 4.6.7 — MIT')).toBeTruthy()
  })

  it('says so when the notices file is not what the build writes', async () => {
    served = { packages: [{ name: 'zod' }] }
    render(App)
    await settle(10)
    backend.emit('menu:command', { command: 'licenses' })
    await settle(10)
    const dialog = screen.getByRole('dialog', { name: 'Third-party licenses' })
    expect(within(dialog).getByText(/could not be read/)).toBeTruthy()
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(0)
  })
})
