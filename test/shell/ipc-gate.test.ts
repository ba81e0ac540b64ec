import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES } from '../../src/shared/ipc/contract'
import type { Handlers } from '../../src/shared/ipc/contract'
import { dispatch } from '../../src/main/ipc/dispatch'

vi.mock('electron', () => ({}))

const { createGate, registerIpcGate } = await import('../../src/main/shell/ipc-gate')

const APP = 'app://studbook'
const DEV = 'http://localhost:5173'

function fakeHandlers() {
  const calls: [string, unknown][] = []
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((name) => [
      name,
      (input: unknown) => {
        calls.push([name, input])
        return Promise.resolve({ from: name })
      }
    ])
  ) as unknown as Handlers
  return { handlers, calls }
}

function frame(url: string, origin: string, parent: unknown = null) {
  return { senderFrame: { url, origin, parent } }
}

const mainFrame = frame(`${APP}/index.html`, APP)
const forbidden = { ok: false, error: expect.objectContaining({ code: 'forbidden' }) as unknown }

describe('IPC gate', () => {
  const cases: [string, { senderFrame: unknown }][] = [
    ['a null sender frame', { senderFrame: null }],
    ['about:blank (inherits the app origin)', frame('about:blank', APP)],
    ['about:srcdoc', frame('about:srcdoc', APP)],
    ['a sub-frame of the app', frame(`${APP}/index.html`, APP, { url: `${APP}/index.html` })],
    ['a foreign https origin', frame('https://evil/', 'https://evil')],
    ['a look-alike app host', frame('app://bricks.evil/index.html', 'app://bricks.evil')],
    ['an app host with a port', frame('app://studbook:99/index.html', 'app://studbook:99')],
    ['a file: page', frame('file:///tmp/x.html', 'file://')],
    ['a page whose origin and URL disagree', frame('https://evil/', APP)],
    ['the dev server when it is not trusted', frame(`${DEV}/`, DEV)],
    ['a malformed URL', frame('::::', APP)]
  ]

  it.each(cases)('rejects %s without calling a handler', async (_label, event) => {
    const { handlers, calls } = fakeHandlers()
    const gate = createGate({ handlers, dispatch, trustedOrigins: [APP] })
    await expect(gate('app:getInfo', event as never, {})).resolves.toEqual(forbidden)
    expect(calls).toEqual([])
  })

  it('rejects an unknown channel from the app itself', async () => {
    const { handlers, calls } = fakeHandlers()
    const gate = createGate({ handlers, dispatch, trustedOrigins: [APP] })
    for (const channel of ['app:deleteEverything', '__proto__', 'constructor', '']) {
      await expect(gate(channel, mainFrame, {})).resolves.toEqual(forbidden)
    }
    expect(calls).toEqual([])
  })

  it('rejects malformed input with invalid_input and never calls the handler', async () => {
    const { handlers, calls } = fakeHandlers()
    const gate = createGate({ handlers, dispatch, trustedOrigins: [APP] })
    for (const bad of [{ surprise: true }, 'text', 42, [1, 2]]) {
      const result = await gate('app:getInfo', mainFrame, bad)
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({ code: 'invalid_input' }) as unknown
      })
    }
    expect(calls).toEqual([])
  })

  it('passes the app origin through to the handler and returns its Result', async () => {
    const { handlers, calls } = fakeHandlers()
    const gate = createGate({ handlers, dispatch, trustedOrigins: [APP] })
    await expect(gate('app:getInfo', mainFrame, {})).resolves.toEqual({
      ok: true,
      value: { from: 'app:getInfo' }
    })
    expect(calls).toEqual([['app:getInfo', {}]])
  })

  it('passes the dev-server origin only when it is trusted', async () => {
    const { handlers } = fakeHandlers()
    const gate = createGate({ handlers, dispatch, trustedOrigins: [APP, DEV] })
    const result = await gate('app:getInfo', frame(`${DEV}/index.html`, DEV), {})
    expect(result.ok).toBe(true)
  })

  it('registers exactly the contract channels with ipcMain, each behind the gate', async () => {
    const registered = new Map<string, (event: IpcMainInvokeEvent, input: unknown) => unknown>()
    const ipcMain = {
      handle: (channel: string, fn: (event: IpcMainInvokeEvent, input: unknown) => unknown) => {
        registered.set(channel, fn)
      },
      removeHandler: (channel: string) => registered.delete(channel)
    }
    const { handlers, calls } = fakeHandlers()
    const unregister = registerIpcGate(ipcMain, { handlers, dispatch, trustedOrigins: [APP] })
    expect([...registered.keys()].sort()).toEqual([...CHANNEL_NAMES].sort())
    const handler = registered.get('app:getInfo')
    const evil = frame('https://evil/', 'https://evil') as unknown as IpcMainInvokeEvent
    await expect(handler?.(evil, {})).resolves.toEqual(forbidden)
    const good = mainFrame as unknown as IpcMainInvokeEvent
    await expect(handler?.(good, {})).resolves.toMatchObject({ ok: true })
    expect(calls).toHaveLength(1)
    unregister()
    expect(registered.size).toBe(0)
  })
})
