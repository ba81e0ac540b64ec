import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'

/** Electron's utility processes, faked: each fork is recorded; the test decides what they answer. */
const h = vi.hoisted(() => ({
  forks: [] as {
    path: string
    name: string | undefined
    posted: { id: number; request: unknown }[]
    emitter: EventEmitter
    killed: boolean
  }[]
}))

vi.mock('electron', () => ({
  utilityProcess: {
    fork: (path: string, _args: string[], options?: { serviceName?: string }) => {
      const emitter = new EventEmitter()
      const record = {
        path,
        name: options?.serviceName,
        posted: [] as { id: number; request: unknown }[],
        emitter,
        killed: false
      }
      h.forks.push(record)
      return {
        pid: 1000 + h.forks.length,
        postMessage: (m: { id: number; request: unknown }) => record.posted.push(m),
        on: (event: string, l: (...a: unknown[]) => void) => emitter.on(event, l),
        kill: () => (record.killed = true)
      }
    }
  }
}))

const { recoveryUrl, watchChildProcesses, watchRenderer } =
  await import('../../src/main/shell/crash-handlers')
const { utilityWorker } = await import('../../src/main/shell/worker-supervisor')

function recorder() {
  const lines: string[] = []
  return {
    lines,
    error: (m: string, d?: unknown) => lines.push(`error ${m} ${JSON.stringify(d ?? null)}`),
    warn: (m: string, d?: unknown) => lines.push(`warn ${m} ${JSON.stringify(d ?? null)}`)
  }
}

/** A window's webContents: its events, its URL, and every URL the handler loads. */
function fakeContents(url: string) {
  const emitter = new EventEmitter()
  const loaded: string[] = []
  return {
    loaded,
    emit: (event: string, ...args: unknown[]) => emitter.emit(event, ...args),
    contents: {
      on: (event: string, l: (...a: never[]) => void) =>
        emitter.on(event, l as (...a: unknown[]) => void),
      getURL: () => url,
      loadURL: (u: string) => {
        loaded.push(u)
        return Promise.resolve()
      },
      isDestroyed: () => false
    }
  }
}

beforeEach(() => {
  h.forks = []
})

describe('renderer crash (render-process-gone)', () => {
  it('reloads the same route with the reason for the notice, and logs it', () => {
    const log = recorder()
    const w = fakeContents('app://studbook/index.html#/browse/set/42')
    watchRenderer(w.contents, { log, onGiveUp: vi.fn() })
    w.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(w.loaded).toEqual(['app://studbook/index.html?recovered=crashed#/browse/set/42'])
    expect(log.lines).toEqual([
      'error window content stopped; reloading it {"reason":"crashed","exitCode":139}'
    ])
  })

  it('gives up instead of looping when the reloaded page dies before it loads', () => {
    const log = recorder()
    const onGiveUp = vi.fn()
    const w = fakeContents('app://studbook/index.html')
    watchRenderer(w.contents, { log, onGiveUp })
    w.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 })
    w.emit('render-process-gone', {}, { reason: 'oom', exitCode: 0 })
    expect(w.loaded).toHaveLength(1)
    expect(onGiveUp).toHaveBeenCalledWith('oom')
    // Once the page has loaded again, a later crash is recovered again.
    w.emit('did-finish-load')
    w.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 })
    expect(w.loaded).toHaveLength(2)
  })

  it('does nothing when the window closes normally', () => {
    const log = recorder()
    const w = fakeContents('app://studbook/index.html')
    watchRenderer(w.contents, { log, onGiveUp: vi.fn() })
    w.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 })
    expect(w.loaded).toEqual([])
    expect(log.lines).toEqual([])
  })

  it('keeps an existing query and replaces an old reason', () => {
    expect(recoveryUrl('http://localhost:5173/?recovered=oom&x=1#/sync', 'killed')).toBe(
      'http://localhost:5173/?recovered=killed&x=1#/sync'
    )
  })
})

describe('worker crash (child-process-gone)', () => {
  function gone(index: number, app: EventEmitter) {
    const fork = h.forks[index]
    if (!fork) throw new Error(`no fork ${index}`)
    app.emit(
      'child-process-gone',
      {},
      {
        type: 'Utility',
        reason: 'crashed',
        exitCode: 9,
        serviceName: fork.name
      }
    )
    fork.emitter.emit('exit', 9)
  }
  function answer(index: number, value: unknown) {
    const fork = h.forks[index]
    const last = fork?.posted.at(-1)
    if (!fork || !last) throw new Error(`fork ${index} holds no call`)
    fork.emitter.emit('message', { id: last.id, ok: true, value })
  }

  it('restarts the worker and sends the call again; the answer arrives', async () => {
    const app = new EventEmitter()
    const log = recorder()
    watchChildProcesses(app, log)
    const worker = utilityWorker('/app/out/main/decode-worker.js', 'decoder', log)
    const result = worker.call({ decode: 'page 1' })
    expect(h.forks).toHaveLength(1)
    gone(0, app)
    // Restarted, holding the same call.
    expect(h.forks).toHaveLength(2)
    expect(h.forks[1]?.path).toBe('/app/out/main/decode-worker.js')
    expect(h.forks[1]?.posted.map((p) => p.request)).toEqual([{ decode: 'page 1' }])
    answer(1, { sets: 3 })
    await expect(result).resolves.toEqual({ sets: 3 })
    expect(log.lines).toEqual([
      'warn decoder process stopped {"type":"Utility","reason":"crashed","exitCode":9}',
      'error decoder worker stopped {"exitCode":9,"calls":1}'
    ])
  })

  it('fails the call with a typed error when the worker dies again during the retry', async () => {
    const app = new EventEmitter()
    const log = recorder()
    watchChildProcesses(app, log)
    const worker = utilityWorker('/w.js', 'decoder', log)
    const result = worker.call('page 2')
    gone(0, app)
    gone(1, app)
    await expect(result).rejects.toMatchObject({ name: 'AppError', code: 'worker_crashed' })
    // Not retried a third time; the next call starts a fresh worker and works.
    expect(h.forks).toHaveLength(2)
    const next = worker.call('page 3')
    expect(h.forks).toHaveLength(3)
    answer(2, 'ok')
    await expect(next).resolves.toBe('ok')
  })

  it('passes a worker-side failure through as the AppError it is, without a retry', async () => {
    const worker = utilityWorker('/w.js', 'decoder', recorder())
    const result = worker.call('bad page')
    const last = h.forks[0]?.posted.at(-1)
    h.forks[0]?.emitter.emit('message', {
      id: last?.id,
      ok: false,
      error: { code: 'bad_xml', message: 'Unreadable answer.', retryable: false }
    })
    await expect(result).rejects.toMatchObject({ code: 'bad_xml' })
    expect(h.forks).toHaveLength(1)
  })

  it('stops: pending calls end as cancelled and the process is killed', async () => {
    const worker = utilityWorker('/w.js', 'decoder', recorder())
    const result = worker.call('x')
    worker.stop()
    await expect(result).rejects.toMatchObject({ code: 'cancelled' })
    expect(h.forks[0]?.killed).toBe(true)
  })
})
