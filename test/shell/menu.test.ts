import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { EventMap } from '../../src/shared/ipc/contract'

vi.mock('electron', () => ({}))

const { buildMenuTemplate } = await import('../../src/main/shell/menu')

type Command = EventMap['menu:command']['command']
const ALL: Record<Command, true> = {
  sync: true,
  import: true,
  export: true,
  backup: true,
  restore: true,
  // Sent when the OS opens a .studbook file, never from a menu item.
  restoreOpened: true,
  settings: true,
  undo: true,
  redo: true,
  find: true,
  shortcuts: true,
  selectAll: true,
  licenses: true
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])])
}

function menuFor(platform: NodeJS.Platform, isPackaged = true, updates = true) {
  const commands: Command[] = []
  const helped: string[] = []
  const template = buildMenuTemplate({
    platform,
    appName: 'Studbook',
    isPackaged,
    onCommand: (c) => commands.push(c),
    help: {
      openDocs: () => helped.push('docs'),
      openLogsFolder: () => helped.push('logs'),
      copyDiagnostics: () => helped.push('diagnostics'),
      checkForUpdates: updates ? () => helped.push('updates') : null
    }
  })
  const items = flatten(template)
  const click = (label: string) => {
    const found = items.find((i) => i.label === label)
    if (!found?.click) throw new Error(`no clickable ${label}`)
    ;(found.click as () => void)()
  }
  const key = (label: string) => items.find((i) => i.label === label)?.accelerator
  return { template, items, commands, helped, click, key }
}

/** Each label's shortcut, compared as one table so a failure shows every label's key side by side. */
function expectShortcuts(key: (label: string) => unknown, want: Record<string, string>) {
  expect(Object.fromEntries(Object.keys(want).map((label) => [label, key(label)]))).toEqual(want)
}

describe('application menu', () => {
  it.each(['darwin', 'win32', 'linux'] as const)('offers every command on %s', (platform) => {
    const { items, commands } = menuFor(platform)
    for (const i of items) if (i.click && i.role === undefined) (i.click as () => void)()
    expect(new Set(commands)).toEqual(
      new Set(Object.keys(ALL).filter((c) => c !== 'restoreOpened'))
    )
  })

  it('uses the macOS conventions: app menu with Settings (Cmd+,), Shift+Cmd+Z to redo', () => {
    const { template, key, items, click, commands } = menuFor('darwin')
    expect(template[0]?.label).toBe('Studbook')
    expectShortcuts(key, { 'Settings…': 'CmdOrCtrl+,', Redo: 'Shift+Cmd+Z', 'Sync Now': 'Cmd+R' })
    expect(items.map((i) => i.role)).toEqual(
      expect.arrayContaining(['about', 'hide', 'quit', 'close'])
    )
    click('Import…')
    expect(commands).toEqual(['import'])
  })

  it('uses the Windows and Linux conventions: no app menu, Ctrl+Y to redo, F5 to sync', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const { template, key, items } = menuFor(platform)
      expect(template.map((m) => m.label ?? m.role)).toEqual([
        '&File',
        '&Edit',
        '&View',
        'windowMenu',
        '&Help'
      ])
      expectShortcuts(key, {
        Redo: 'Ctrl+Y',
        'Sync Now': 'F5',
        'Preferences…': 'CmdOrCtrl+,',
        Undo: 'CmdOrCtrl+Z'
      })
      expect(items.some((i) => i.role === 'quit')).toBe(true)
    }
  })

  it.each(['darwin', 'win32', 'linux'] as const)(
    'has Back up, Restore, Import and Export in File, with shortcuts, on %s',
    (platform) => {
      const { template, key, click, commands } = menuFor(platform)
      const file = template.find((m) => m.label === '&File')
      const labels = (file?.submenu as MenuItemConstructorOptions[]).map((i) => i.label)
      // In menu order, each with its shortcut.
      const fileShortcuts = {
        'Back Up…': 'Shift+CmdOrCtrl+S',
        'Restore…': 'Shift+CmdOrCtrl+O',
        'Import…': 'CmdOrCtrl+O',
        'Export…': 'Shift+CmdOrCtrl+E'
      }
      expect(labels.filter((l) => l?.endsWith('…') && l !== 'Preferences…')).toEqual(
        Object.keys(fileShortcuts)
      )
      expectShortcuts(key, fileShortcuts)
      for (const label of Object.keys(fileShortcuts)) click(label)
      expect(commands).toEqual(['backup', 'restore', 'import', 'export'])
    }
  )

  it('gives no two items one shortcut', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const keys = menuFor(platform)
        .items.map((i) => i.accelerator)
        .filter((k) => k !== undefined)
      expect(new Set(keys).size, platform).toBe(keys.length)
    }
  })

  it('opens the keyboard shortcuts from Help on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { template, click, commands } = menuFor(platform)
      const help = template.find((m) => m.role === 'help' || m.label === '&Help')
      expect(help, platform).toBeDefined()
      click('Keyboard Shortcuts')
      expect(commands).toEqual(['shortcuts'])
    }
  })

  it.each(['darwin', 'win32', 'linux'] as const)(
    'has Help with docs, logs, diagnostics, updates and About on %s',
    (platform) => {
      const { template, items, click, helped } = menuFor(platform)
      const help = template.at(-1)
      expect(help?.role === 'help' || help?.label === '&Help').toBe(true)
      const labels = (help?.submenu as MenuItemConstructorOptions[]).map((i) => i.label ?? i.role)
      expect(labels).toEqual(
        expect.arrayContaining([
          'Studbook Help',
          'Open Logs Folder',
          'Copy Diagnostics',
          'Check for Updates…'
        ])
      )
      for (const label of [
        'Studbook Help',
        'Open Logs Folder',
        'Copy Diagnostics',
        'Check for Updates…'
      ])
        click(label)
      expect(helped).toEqual(['docs', 'logs', 'diagnostics', 'updates'])
      // About exactly once: the app menu on macOS, Help elsewhere.
      expect(items.filter((i) => i.role === 'about')).toHaveLength(1)
      if (platform !== 'darwin') expect(labels.at(-1)).toBe('about')
    }
  )

  it.each(['darwin', 'win32', 'linux'] as const)(
    'offers Third-Party Licenses beside About on %s',
    (platform) => {
      const { template, commands, click } = menuFor(platform)
      click('Third-Party Licenses')
      expect(commands).toEqual(['licenses'])
      // Next to About: in the app menu on macOS, just before it at the end of Help elsewhere.
      const menu = (platform === 'darwin' ? template[0] : template.at(-1))?.submenu
      const labels = (menu as MenuItemConstructorOptions[]).map((i) => i.label ?? i.role)
      expect(labels.indexOf('Third-Party Licenses')).toBe(
        labels.indexOf('about') + (platform === 'darwin' ? 1 : -1)
      )
    }
  )

  it('offers no update check where updates are off', () => {
    const { items } = menuFor('win32', true, false)
    expect(items.map((i) => i.label)).not.toContain('Check for Updates…')
  })

  it('keeps the clipboard roles for text fields', () => {
    const roles = menuFor('linux').items.map((i) => i.role)
    expect(roles).toEqual(expect.arrayContaining(['cut', 'copy', 'paste']))
  })

  it('sends Select All to the page: Ctrl+A selects the list’s sets there, or a field’s text', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const { key, click, commands, items } = menuFor(platform)
      // A role would select the page's text and swallow the key before the list saw it.
      expect(items.map((i) => i.role)).not.toContain('selectAll')
      expect(key('Select All')).toBe('CmdOrCtrl+A')
      click('Select All')
      expect(commands).toEqual(['selectAll'])
    }
  })

  it('has developer tools and reload only in an unpackaged build', () => {
    const packaged = menuFor('linux', true).items.map((i) => i.role)
    expect(packaged).not.toContain('toggleDevTools')
    expect(packaged).not.toContain('reload')
    expect(menuFor('linux', false).items.map((i) => i.role)).toContain('toggleDevTools')
  })
})
