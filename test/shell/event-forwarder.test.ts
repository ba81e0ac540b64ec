import { describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../../src/main/ipc/event-bus'

vi.mock('electron', () => ({}))

const { forwardEvents } = await import('../../src/main/shell/event-forwarder')
const { claimSingleInstance } = await import('../../src/main/shell/single-instance')

describe('event forwarding', () => {
  it('pushes each app event to the window on event:<name> with the payload as is', () => {
    const bus = createEventBus()
    const contents = { send: vi.fn(), isDestroyed: () => false }
    forwardEvents(bus, () => contents)
    bus.emit('menu:command', { command: 'sync' })
    expect(contents.send).toHaveBeenCalledExactlyOnceWith('event:menu:command', { command: 'sync' })
  })

  it('skips a closed window and stops after unsubscribe', () => {
    const bus = createEventBus()
    const contents = { send: vi.fn(), isDestroyed: () => true }
    let target: typeof contents | null = contents
    const stop = forwardEvents(bus, () => target)
    bus.emit('menu:command', { command: 'sync' })
    target = null
    bus.emit('menu:command', { command: 'sync' })
    const live = { send: vi.fn(), isDestroyed: () => false }
    target = live
    stop()
    bus.emit('menu:command', { command: 'sync' })
    expect(contents.send).not.toHaveBeenCalled()
    expect(live.send).not.toHaveBeenCalled()
  })
})

describe('single instance', () => {
  function fakeApp(locked: boolean) {
    const listeners = new Map<string, () => void>()
    return {
      app: {
        requestSingleInstanceLock: () => locked,
        on: (n: string, l: () => void) => listeners.set(n, l)
      },
      listeners
    }
  }

  it('tells the second instance to quit', () => {
    const { app } = fakeApp(false)
    expect(claimSingleInstance(app as never, () => null)).toBe(false)
  })

  it('brings the running window to the front when a second instance starts', () => {
    const { app, listeners } = fakeApp(true)
    const window = {
      isDestroyed: () => false,
      isMinimized: () => true,
      restore: vi.fn(),
      show: vi.fn(),
      focus: vi.fn()
    }
    expect(claimSingleInstance(app as never, () => window as never)).toBe(true)
    listeners.get('second-instance')?.()
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
  })
})
