import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/shared/errors'
import { EventEmitter } from 'node:events'
import { createLogger, LOG_FILE, logProcessErrors } from '../../src/main/logging/index'

const root = mkdtempSync(join(tmpdir(), 'studbook-logger-'))
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})
let n = 0
const freshDir = () => join(root, `logs-${++n}`)
const at = new Date('2026-11-23T10:00:00.000Z')
const read = (dir: string) => readFileSync(join(dir, LOG_FILE), 'utf8')

describe('file log', () => {
  it('writes one line per entry: time, level, source, message and data', () => {
    const dir = freshDir()
    const log = createLogger({ dir, source: 'main', now: () => at })
    log.info('sync finished', { sets: 12 })
    log.scoped('renderer').error('TypeError: x is undefined')
    expect(read(dir)).toBe(
      '2026-11-23T10:00:00.000Z INFO  [main] sync finished {"sets":12}\n' +
        '2026-11-23T10:00:00.000Z ERROR [renderer] TypeError: x is undefined\n'
    )
  })

  it('keeps the log private to the user', () => {
    const dir = freshDir()
    createLogger({ dir, source: 'main' }).info('hello')
    expect(statSync(join(dir, LOG_FILE)).mode & 0o077).toBe(0)
  })

  it('writes an error with its code, detail, stack and cause', () => {
    const dir = freshDir()
    const log = createLogger({ dir, source: 'host', now: () => at })
    const cause = new Error('socket hang up')
    log.error(
      'handler failed',
      new AppError(
        'server_error',
        'The service failed.',
        { operation: 'getSets', status: 500 },
        {
          cause
        }
      )
    )
    const text = read(dir)
    expect(text).toContain('AppError server_error: The service failed.')
    expect(text).toContain('"operation":"getSets"')
    expect(text).toMatch(/\n {4}at /)
    expect(text).toContain('caused by Error: socket hang up')
  })

  it('rotates at the size limit and keeps a fixed number of old files', () => {
    const dir = freshDir()
    const log = createLogger({ dir, source: 'main', maxBytes: 1000, keep: 2, now: () => at })
    for (let i = 0; i < 60; i++) log.info(`line ${String(i).padStart(3, '0')} ${'x'.repeat(40)}`)
    expect(readdirSync(dir).sort()).toEqual(['studbook.1.log', 'studbook.2.log', 'studbook.log'])
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).size).toBeLessThanOrEqual(1000)
    expect(read(dir)).toContain('line 059')
    // The newest lines survive in order across the files; the oldest are gone.
    expect(log.tail(200).join('\n')).toMatch(/line 040[^]*line 059/)
    expect(log.tail(200).join('\n')).not.toContain('line 000')
  })

  it('logs an uncaught exception or rejection as the process sees it', () => {
    const dir = freshDir()
    const proc = new EventEmitter()
    const stop = logProcessErrors(
      proc as unknown as NodeJS.Process,
      createLogger({ dir, source: 'main' })
    )
    proc.emit('uncaughtExceptionMonitor', new TypeError('boom'), 'uncaughtException')
    proc.emit('uncaughtExceptionMonitor', new Error('nobody waited'), 'unhandledRejection')
    stop()
    proc.emit('uncaughtExceptionMonitor', new Error('after stop'), 'uncaughtException')
    const text = read(dir)
    expect(text).toMatch(/ERROR \[main\] uncaught exception TypeError: boom/)
    expect(text).toMatch(/ERROR \[main\] unhandled rejection Error: nobody waited/)
    expect(text).not.toContain('after stop')
  })

  it('never throws when the folder cannot be written', () => {
    const file = join(root, 'not-a-folder')
    writeFileSync(file, '')
    const log = createLogger({ dir: join(file, 'logs'), source: 'main', console: false })
    expect(() => {
      log.error('still running')
    }).not.toThrow()
  })
})

describe('redaction', () => {
  const KEY = 'K7QX-M2PA-ZZ9R'
  const HASH = 'b1c2d3e4f5a6b7c8d9e0f1a2'
  const PASSWORD = 'hunter2-bricks'

  function logged(write: (log: ReturnType<typeof createLogger>) => void): string {
    const dir = freshDir()
    const log = createLogger({ dir, source: 'main', now: () => at })
    write(log)
    return read(dir)
  }

  it('masks secrets by name in URLs, forms and SOAP envelopes', () => {
    const text = logged((log) => {
      log.warn(`GET https://svc.example/api/v3.asmx/getSets?apiKey=${KEY}&userHash=${HASH}&x=1`)
      log.warn(`POST body username=demo&password=${PASSWORD}`)
      log.warn(`<soap:Body><login><apiKey>${KEY}</apiKey><password>${PASSWORD}</password></login>`)
    })
    for (const s of [KEY, HASH, PASSWORD]) expect(text).not.toContain(s)
    expect(text).toContain('apiKey=***')
    expect(text).toContain('x=1')
  })

  it('masks secret fields in structured data, however deep', () => {
    const text = logged((log) => {
      log.info('profile', { baseUrl: 'https://svc.example', auth: { apiKey: KEY, userHash: HASH } })
      log.info('sign-in', [{ username: 'demo', password: PASSWORD }])
    })
    for (const s of [KEY, HASH, PASSWORD]) expect(text).not.toContain(s)
    expect(text).toContain('"username":"demo"')
    expect(text).toContain('"apiKey":"***"')
  })

  it('masks a secret it was told about wherever it appears, plain or URL-encoded', () => {
    const odd = 'pa ss/w+rd&1'
    const text = logged((log) => {
      log.keepSecret(KEY)
      log.keepSecret(odd)
      log.error('service said', new Error(`ERROR: key ${KEY} revoked`, { cause: `echo ${odd}` }))
      log.warn(`https://svc.example/?q=${encodeURIComponent(odd)}`)
      log.scoped('renderer').warn(`copied ${KEY}`)
    })
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(odd)
    expect(text).not.toContain(encodeURIComponent(odd))
  })

  it('masks what it was told about in the tail used for diagnostics, too', () => {
    const dir = freshDir()
    const log = createLogger({ dir, source: 'main', now: () => at })
    log.info(`early mention of ${KEY}`)
    log.keepSecret(KEY)
    expect(log.tail(10).join('\n')).not.toContain(KEY)
  })
})
