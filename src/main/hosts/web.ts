import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createApp } from '../app/compose'
import { createLogger, handlersTellingLog, logAppEvents, logProcessErrors } from '../logging/index'
import { openInBrowser, writeLaunchPage } from './browser-opener'
import { defaultDataDir, unwritableDataDirMessage } from './data-dir'
import { acquireInstanceLock, lockHeldMessage } from './instance-lock'
import { keepDataPrivate } from './private-files'
import { startWebHost } from './web-server'

/**
 * Browser host entry (`npm run serve`, and `npm start` where no Electron binary can run):
 * the app services in this Node process, the UI in any browser on this machine.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      'demo-sets': { type: 'string' },
      'no-sync': { type: 'boolean', default: false },
      'static-dir': { type: 'string' },
      /** Open the app in the default browser once it runs (`npm start` asks for it). */
      open: { type: 'boolean', default: false }
    }
  })
  const dataDir = values['data-dir'] ?? defaultDataDir()
  let lock: ReturnType<typeof acquireInstanceLock>
  try {
    keepDataPrivate(dataDir)
    lock = acquireInstanceLock(dataDir, 'browser')
  } catch (e) {
    const unwritable = unwritableDataDirMessage(e, dataDir)
    if (unwritable === null) throw e
    console.error(unwritable)
    process.exitCode = 1
    return
  }
  if ('heldBy' in lock) {
    console.error(lockHeldMessage(lock, dataDir))
    process.exitCode = 1
    return
  }
  // The same lines in the terminal and in the data folder's logs/, secrets removed from both.
  const log = createLogger({ dir: join(dataDir, 'logs'), source: 'host', console: true })
  logProcessErrors(process, log)
  const demoSets = values['demo-sets'] === undefined ? undefined : Number(values['demo-sets'])
  const app = await createApp({
    dataDir,
    host: 'browser',
    log,
    autoSync: !values['no-sync'],
    ...(demoSets === undefined ? {} : { demoSets })
  })
  logAppEvents(app.events, log)
  const host = await startWebHost({
    app: { ...app, handlers: handlersTellingLog(app.handlers, log) },
    staticDir: values['static-dir'] ?? join(__dirname, '../renderer'),
    port: Number(values.port),
    log
  })
  let page: string | null = null
  let closing = false
  const shutdown = (): void => {
    if (closing) return
    closing = true
    void host
      .close()
      .then(() => app.close())
      .finally(() => {
        // The token dies with this run; its page goes with it.
        if (page !== null) rmSync(page, { force: true })
        lock.release()
        process.exit(0)
      })
  }
  // Before the address is announced: whoever reads it may stop the host at once.
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
  // Each run starts its log (the address is not logged: it carries the token).
  log.info('browser host started', { port: new URL(host.url).port })
  console.log(`Studbook is running at ${host.url}`)
  console.log(`Data folder: ${dataDir}`)
  console.log(`Logs: ${log.dir}`)
  if (values.open) {
    page = writeLaunchPage(dataDir, host.url)
    console.log(`Opening ${page} in your browser`)
    openInBrowser(page, (e) => {
      log.warn('no browser could be opened; open the address above', e.message)
    })
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exitCode = 1
})
