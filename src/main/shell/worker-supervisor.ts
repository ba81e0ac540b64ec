import { utilityProcess } from 'electron'
import { AppError, isErrorCode } from '../../shared/errors'
import type { AppErrorData } from '../../shared/errors'
import type { CrashLog } from './crash-handlers'

/** A worker process as Electron's utilityProcess.fork returns it. */
interface WorkerProcess {
  readonly pid?: number | undefined
  postMessage(message: unknown): void
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  kill(): boolean
}

/** What the worker script answers: `{ id, ok: true, value }` or `{ id, ok: false, error }`. */
type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: AppErrorData }

function isReply(m: unknown): m is Reply {
  return typeof m === 'object' && m !== null && 'id' in m && 'ok' in m
}

interface Call {
  readonly request: unknown
  tries: number
  resolve(value: unknown): void
  reject(error: AppError): void
}

interface SupervisedWorker {
  call(request: unknown): Promise<unknown>
  stop(): void
}

/**
 * Calls into a worker process that may die. When it does, it is started again and each call it was
 * holding is sent once more; a call that loses its worker a second time fails with a typed
 * `worker_crashed` error instead of hanging or retrying forever.
 */
function superviseWorker(options: {
  readonly name: string
  readonly spawn: () => WorkerProcess
  readonly log: CrashLog
}): SupervisedWorker {
  let worker: WorkerProcess | null = null
  let stopped = false
  let nextId = 1
  const calls = new Map<number, Call>()

  const send = (id: number, call: Call): void => {
    call.tries++
    try {
      ensure().postMessage({ id, request: call.request })
    } catch (error) {
      options.log.error(`${options.name} worker could not start`, error)
      calls.delete(id)
      call.reject(
        new AppError('worker_crashed', `Studbook's ${options.name} worker could not start.`)
      )
    }
  }

  const lost = (from: WorkerProcess, code: number): void => {
    if (worker !== from) return
    worker = null
    if (stopped) return
    options.log.error(`${options.name} worker stopped`, { exitCode: code, calls: calls.size })
    for (const [id, call] of calls) {
      if (call.tries >= 2) {
        calls.delete(id)
        call.reject(
          new AppError(
            'worker_crashed',
            `Studbook's ${options.name} worker stopped twice while doing this; it was not retried again.`
          )
        )
      } else send(id, call)
    }
  }

  const ensure = (): WorkerProcess => {
    if (worker !== null) return worker
    const w = options.spawn()
    worker = w
    w.on('message', (m) => {
      if (!isReply(m)) return
      const call = calls.get(m.id)
      if (call === undefined) return
      calls.delete(m.id)
      if (m.ok) call.resolve(m.value)
      else
        call.reject(
          isErrorCode(m.error.code)
            ? AppError.from(m.error)
            : new AppError('internal', 'The worker failed.')
        )
    })
    w.on('exit', (code) => {
      lost(w, code)
    })
    return w
  }

  return {
    call(request) {
      if (stopped) return Promise.reject(new AppError('cancelled', 'Studbook is closing.'))
      return new Promise((resolve, reject) => {
        const id = nextId++
        const call: Call = { request, tries: 0, resolve, reject }
        calls.set(id, call)
        send(id, call)
      })
    },
    stop() {
      stopped = true
      const w = worker
      worker = null
      for (const call of calls.values())
        call.reject(new AppError('cancelled', 'Studbook is closing.'))
      calls.clear()
      w?.kill()
    }
  }
}

/** A worker script run in an Electron utility process (its own OS process, crash included). */
export function utilityWorker(modulePath: string, name: string, log: CrashLog): SupervisedWorker {
  return superviseWorker({
    name,
    log,
    spawn: () => utilityProcess.fork(modulePath, [], { serviceName: name })
  })
}
