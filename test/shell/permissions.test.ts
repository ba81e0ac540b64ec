import type { App, Session } from 'electron'
import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

const { denyAllPermissions } = await import('../../src/main/shell/permissions')
const { applyGlobalPolicy } = await import('../../src/main/shell/session-policy')

type RequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void
) => void
type CheckHandler = (contents: unknown, permission: string, origin: string) => boolean

function fakeSession() {
  const handlers: { request?: RequestHandler; check?: CheckHandler; device?: () => boolean } = {}
  const session = {
    setPermissionRequestHandler: (h: RequestHandler) => (handlers.request = h),
    setPermissionCheckHandler: (h: CheckHandler) => (handlers.check = h),
    setDevicePermissionHandler: (h: () => boolean) => (handlers.device = h)
  }
  return { session: session as unknown as Session, handlers }
}

const PERMISSIONS = [
  'notifications',
  'media',
  'geolocation',
  'clipboard-read',
  'clipboard-sanitized-write',
  'openExternal',
  'fullscreen',
  'midi',
  'hid',
  'serial',
  'usb',
  'pointerLock',
  'display-capture'
]

describe('permissions', () => {
  it.each(PERMISSIONS)('denies a request for %s', (permission) => {
    const { session, handlers } = fakeSession()
    denyAllPermissions(session)
    const callback = vi.fn()
    handlers.request?.({}, permission, callback)
    expect(callback).toHaveBeenCalledExactlyOnceWith(false)
    expect(handlers.check?.({}, permission, 'app://studbook')).toBe(false)
  })

  it('denies device access', () => {
    const { session, handlers } = fakeSession()
    denyAllPermissions(session)
    expect(handlers.device?.()).toBe(false)
  })

  it('applies to the default session and to every session created later', () => {
    const appListeners = new Map<string, (...args: unknown[]) => void>()
    const app = { on: (name: string, l: (...args: unknown[]) => void) => appListeners.set(name, l) }
    const first = fakeSession()
    applyGlobalPolicy(app as unknown as App, first.session, {
      allowedHosts: () => [],
      openExternal: () => Promise.resolve()
    })
    expect(first.handlers.request).toBeDefined()
    const later = fakeSession()
    appListeners.get('session-created')?.(later.session)
    const callback = vi.fn()
    later.handlers.request?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
  })

  it('hardens every web contents the app creates', () => {
    const appListeners = new Map<string, (...args: unknown[]) => void>()
    const app = { on: (name: string, l: (...args: unknown[]) => void) => appListeners.set(name, l) }
    applyGlobalPolicy(app as unknown as App, fakeSession().session, {
      allowedHosts: () => [],
      openExternal: () => Promise.resolve()
    })
    let openHandler: ((d: { url: string }) => unknown) | undefined
    const contents = {
      on: vi.fn(),
      setWindowOpenHandler: (h: (d: { url: string }) => unknown) => (openHandler = h)
    }
    appListeners.get('web-contents-created')?.({}, contents)
    expect(openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
  })
})
