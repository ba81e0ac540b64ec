import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANNEL_NAMES, EVENT_NAMES } from '../../src/shared/ipc/contract'
import type { StudbookBridge } from '../../src/shared/ipc/bridge'

type IpcListener = (event: unknown, payload: unknown) => void

const exposed = new Map<string, unknown>()
const listeners = new Map<string, Set<IpcListener>>()
const invoke = vi.fn((channel: string, input: unknown) =>
  Promise.resolve({ ok: true, value: { channel, input } })
)

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value)
  },
  ipcRenderer: {
    invoke,
    send: vi.fn(),
    sendSync: vi.fn(),
    on: (channel: string, l: IpcListener) => {
      const set = listeners.get(channel) ?? new Set()
      set.add(l)
      listeners.set(channel, set)
    },
    removeListener: (channel: string, l: IpcListener) => listeners.get(channel)?.delete(l)
  }
}))

let bridge: StudbookBridge

beforeAll(async () => {
  await import('../../src/preload/index')
  bridge = exposed.get('studbook') as StudbookBridge
})

/** Describes a value's shape: functions by arity, objects by keys, recursively. */
function shape(value: unknown): unknown {
  if (typeof value === 'function') return `function(${value.length})`
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, shape((value as Record<string, unknown>)[k])])
    )
  }
  return typeof value
}

describe('preload', () => {
  it('exposes one object, window.studbook, and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['studbook'])
  })

  it('exposes exactly the contract: one function per channel, one subscription per event', () => {
    expect(Object.keys(bridge).sort()).toEqual(['api', 'events'])
    expect(Object.keys(bridge.api).sort()).toEqual([...CHANNEL_NAMES].sort())
    expect(Object.keys(bridge.events).sort()).toEqual([...EVENT_NAMES].sort())
    const expected = {
      api: Object.fromEntries([...CHANNEL_NAMES].sort().map((c) => [c, 'function(1)'])),
      events: Object.fromEntries([...EVENT_NAMES].sort().map((e) => [e, 'function(1)']))
    }
    expect(shape(bridge)).toEqual(expected)
    // Names follow the contract (asserted above); the snapshot pins the kind of every member.
    const kinds = (o: unknown) => [...new Set(Object.values(o as Record<string, unknown>))]
    const actual = shape(bridge) as { api: unknown; events: unknown }
    expect({ api: kinds(actual.api), events: kinds(actual.events) }).toMatchInlineSnapshot(`
      {
        "api": [
          "function(1)",
        ],
        "events": [
          "function(1)",
        ],
      }
    `)
  })

  it('has no generic invoke, send or on, and no Electron object anywhere', () => {
    const seen: unknown[] = []
    const walk = (v: unknown): void => {
      if (typeof v === 'object' && v !== null) {
        seen.push(v)
        for (const child of Object.values(v)) walk(child)
      }
    }
    walk(bridge)
    for (const key of ['invoke', 'send', 'on', 'ipcRenderer', 'contextBridge', 'sendSync']) {
      expect(bridge).not.toHaveProperty(key)
      expect(bridge.api).not.toHaveProperty(key)
    }
    expect(seen.every((o) => Object.getPrototypeOf(o) === Object.prototype)).toBe(true)
  })

  it('is frozen all the way down', () => {
    expect(Object.isFrozen(bridge)).toBe(true)
    expect(Object.isFrozen(bridge.api)).toBe(true)
    expect(Object.isFrozen(bridge.events)).toBe(true)
  })

  it('calls invoke on the channel of the same name with the input as given', async () => {
    const [channel] = CHANNEL_NAMES
    if (channel === undefined) throw new Error('contract has no channel')
    const call = bridge.api[channel] as (input: unknown) => Promise<unknown>
    await expect(call({ a: 1 })).resolves.toEqual({ ok: true, value: { channel, input: { a: 1 } } })
    expect(invoke).toHaveBeenLastCalledWith(channel, { a: 1 })
  })

  it('hands listeners the payload only, never the IPC event, and unsubscribes', () => {
    for (const name of EVENT_NAMES) {
      const received: unknown[][] = []
      const subscribe = bridge.events[name] as (l: (...args: unknown[]) => void) => () => void
      const unsubscribe = subscribe((...args) => received.push(args))
      const ipcChannel = `event:${name}`
      const senderEvent = { sender: { send: vi.fn() }, ports: [] }
      for (const l of listeners.get(ipcChannel) ?? []) l(senderEvent, { n: 1 })
      expect(received).toEqual([[{ n: 1 }]])
      unsubscribe()
      for (const l of listeners.get(ipcChannel) ?? []) l(senderEvent, { n: 2 })
      expect(received).toHaveLength(1)
      expect(listeners.get(ipcChannel)?.size ?? 0).toBe(0)
    }
  })

  it('rejects a listener that is not a function', () => {
    const [name] = EVENT_NAMES
    const subscribe = bridge.events[name] as (l: unknown) => unknown
    expect(() => subscribe('alert(1)')).toThrow(TypeError)
  })
})
