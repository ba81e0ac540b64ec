import type { MenuItemConstructorOptions } from 'electron'
import type { EventMap } from '../../shared/ipc/contract'

/** What the menu asks the renderer to do; sent as the payload of the `menu:command` event. */
type MenuCommand = EventMap['menu:command']['command']

/** What the Help menu does; handled in main (the renderer has no part in it). */
export interface HelpActions {
  readonly openDocs: () => void
  readonly openLogsFolder: () => void
  readonly copyDiagnostics: () => void
  /** Null where updates are off: development builds (and the browser host has no menu). */
  readonly checkForUpdates: (() => void) | null
}

interface MenuOptions {
  readonly platform: NodeJS.Platform
  readonly appName: string
  /** Developer tools and reload only in an unpackaged build. */
  readonly isPackaged: boolean
  readonly onCommand: (command: MenuCommand) => void
  readonly help: HelpActions
}

function action(label: string, run: () => void): MenuItemConstructorOptions {
  return {
    label,
    click: () => {
      run()
    }
  }
}

function item(
  label: string,
  command: MenuCommand,
  accelerator: string | undefined,
  onCommand: (command: MenuCommand) => void
): MenuItemConstructorOptions {
  return {
    label,
    ...(accelerator === undefined ? {} : { accelerator }),
    click: () => {
      onCommand(command)
    }
  }
}

/**
 * The application menu with each platform's usual shortcuts. Undo and redo are app commands, not the
 * text-field roles: the renderer undoes typing when a field has focus and the last collection edit
 * otherwise, because a menu accelerator swallows the key before the page sees it. Select All is one
 * too: in the list of sets it selects every set (bulk edit), in a field its text.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin'
  const on = options.onCommand
  const settings = item(mac ? 'Settings…' : 'Preferences…', 'settings', 'CmdOrCtrl+,', on)
  const redoKey = mac ? 'Shift+Cmd+Z' : 'Ctrl+Y'
  // Beside About, wherever the platform puts it: the third-party notices shipped with the app.
  const licenses = item('Third-Party Licenses', 'licenses', undefined, on)

  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      { role: 'about' },
      licenses,
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' }
    ]
  }
  const fileMenu: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      item('Sync Now', 'sync', mac ? 'Cmd+R' : 'F5', on),
      { type: 'separator' },
      item('Back Up…', 'backup', 'Shift+CmdOrCtrl+S', on),
      item('Restore…', 'restore', 'Shift+CmdOrCtrl+O', on),
      { type: 'separator' },
      item('Import…', 'import', 'CmdOrCtrl+O', on),
      item('Export…', 'export', 'Shift+CmdOrCtrl+E', on),
      { type: 'separator' },
      ...(mac
        ? [{ role: 'close' } as const]
        : [settings, { type: 'separator' } as const, { role: 'quit' } as const])
    ]
  }
  const editMenu: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      item('Undo', 'undo', 'CmdOrCtrl+Z', on),
      item('Redo', 'redo', redoKey, on),
      { type: 'separator' },
      item('Find…', 'find', 'CmdOrCtrl+F', on),
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      item('Select All', 'selectAll', 'CmdOrCtrl+A', on)
    ]
  }
  const viewMenu: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(options.isPackaged
        ? []
        : [
            { role: 'reload' } as const,
            { role: 'toggleDevTools' } as const,
            { type: 'separator' } as const
          ]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' }
    ]
  }
  const windowMenu: MenuItemConstructorOptions = { role: 'windowMenu' }
  const help = options.help
  const updates = help.checkForUpdates
  // macOS puts About in the app menu; Windows and Linux in Help, where their users look for it.
  const helpMenu: MenuItemConstructorOptions = {
    ...(mac ? { role: 'help' as const } : { label: '&Help' }),
    submenu: [
      item('Keyboard Shortcuts', 'shortcuts', undefined, on),
      action(`${options.appName} Help`, help.openDocs),
      { type: 'separator' },
      action('Open Logs Folder', help.openLogsFolder),
      action('Copy Diagnostics', help.copyDiagnostics),
      ...(updates === null ? [] : [action('Check for Updates…', updates)]),
      ...(mac ? [] : [{ type: 'separator' } as const, licenses, { role: 'about' } as const])
    ]
  }
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu]
}
