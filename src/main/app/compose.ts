import { join } from 'node:path'
// The one place the version is written: package.json (Electron's app.getVersion reads it too).
import { version as VERSION } from '../../../package.json'
import { selectCredentialStore } from '../credentials/index'
import { createReferenceThread } from '../../emulator/reference-thread'
import { warmFetch } from '../service/index'
import { createEventBus } from '../ipc/event-bus'
import type { EventBus } from '../ipc/event-bus'
import type { Store } from '../store/connection'
import { takeDailyBackup } from '../exchange/auto-backup'
import { stepBack } from '../store/thread-priority'
import type { AppContext } from './context'
import { openWithRecovery } from './start'
import type { StartHandlers } from './start'
import { createFacetPool } from '../catalogue/facet-pool'
import { setStateSql } from '../collection/index'
import { startSearchWarmer } from '../catalogue/search-warmer'
import { externalHosts } from '../catalogue/set-detail-repo'
import { buildHandlers } from './handlers'
import type { AppServices } from './handlers'
import { createMediaCache } from '../catalogue/media-cache'
import { cacheDirFor } from '../hosts/data-dir'
import { createProfiles, defaultClientFactory } from '../account/profiles'
import type { DemoService } from '../account/profiles'
import { createSyncRunner } from '../sync/runner'
import { createReachability } from '../sync/reachability'
import { resumeWhenReachable, syncOnSignIn } from '../sync/triggers'
import { createEditSide } from './compose-edits'
import type { EditSide } from './compose-edits'
import type { FileChooser, Log, ReportPdfPort } from './ports'
import type { DataFolderPort } from '../exchange/deps'
import { createMoneySchedule, snapshotAfterImport, snapshotAfterSync } from '../money/index'

interface CreateAppOptions {
  dataDir: string
  host: 'electron' | 'browser'
  files?: FileChooser
  /** The report as a PDF through the window (Electron only). */
  reportPdf?: ReportPdfPort
  /** Backups through native dialogs and "Open data folder" (Electron only). */
  dataFolder?: DataFolderPort
  demoSets?: number
  autoSync?: boolean
  credentials?: 'auto' | 'memory'
  log?: Log
  /** How soon a sync that failed for a full disk tries again (default 30 s); tests shorten it. */
  diskFullRetryMs?: number
}

export type { AppContext }

const MEDIA_CACHE_BYTES = 200 * 1024 * 1024
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

function demoSetCount(options: CreateAppOptions): number {
  const env = Number(process.env['STUDBOOK_DEMO_SETS'])
  if (Number.isInteger(env) && env > 0) return env
  return options.demoSets ?? 20000
}

/**
 * The app over the data folder: its database checked at open; a damaged one starts in the
 * recovery state (app:getStartState) until the user restores a backup or starts fresh.
 */
export function createApp(options: CreateAppOptions): Promise<AppContext> {
  const log = options.log ?? silent
  return openWithRecovery({
    path: join(options.dataDir, 'studbook.db'),
    events: createEventBus(),
    now: () => new Date(),
    log,
    run: (store, events, start) => runApp(options, store, events, start)
  })
}

async function runApp(
  options: CreateAppOptions,
  store: Store,
  events: EventBus,
  start: StartHandlers
): Promise<AppContext> {
  const log = options.log ?? silent
  const now = () => new Date()
  // Node's fetch compiled before the host answers: a connect's first request held the thread
  // 34-52 ms for it (service/warm-fetch.ts). Meanwhile the rest of the start goes on.
  const fetchWarmed = warmFetch()
  const credentials = await selectCredentialStore(options.credentials ?? 'auto', { log })
  let reference: ReturnType<typeof createReferenceThread> | null = null
  const demoThread = () =>
    (reference ??= createReferenceThread(
      { sets: demoSetCount(options), seed: 1, dbPath: join(options.dataDir, 'demo-service.db') },
      { onThread: stepBack }
    ))
  const demo = (): Promise<DemoService> => {
    // It answers from its own thread, as a remote service would: never from the main loop. The
    // thread (its heap, its catalogue) starts with the demo's first call, so a user who connects
    // their own service at first run never starts it.
    const svc = demoThread()
    const { apiKey, username, password } = svc.account()
    return Promise.resolve({ fetch: (req: Request) => svc.fetch(req), apiKey, username, password })
  }
  // Every call of the active profile's client tells whether its service can be reached.
  const reachability = createReachability()
  const profiles = await createProfiles({
    store,
    credentials,
    createClient: (input) =>
      input.probe
        ? defaultClientFactory(input)
        : defaultClientFactory({
            ...input,
            fetch: reachability.watch(input.fetch ?? ((r: Request) => fetch(r)))
          }),
    demo
  })
  // The runner pushes through the edit side, which publishes through the runner: bound late.
  let editSide: EditSide | null = null
  const sync = createSyncRunner({
    store,
    profiles,
    events,
    now,
    log,
    push: (signal) => editSide?.push(signal) ?? Promise.resolve(),
    reachability,
    ...(options.diskFullRetryMs === undefined ? {} : { diskFullRetryMs: options.diskFullRetryMs })
  })
  const edits = createEditSide({
    store,
    profiles,
    events,
    now,
    files: options.files ?? null,
    dataFolder: options.dataFolder ?? null,
    publish: () => {
      sync.publish()
    },
    log
  })
  editSide = edits
  const facets = createFacetPool(store, setStateSql, {
    onFallback: (why) => {
      log.warn('facet worker unavailable, counting inline', { why })
    }
  })
  const services: AppServices = {
    store,
    facets,
    profiles,
    events,
    sync,
    host: options.host,
    files: options.files ?? null,
    reportPdf: options.reportPdf ?? null,
    version: VERSION,
    now,
    log
  }
  // The money view's snapshots: the day's first at start, then after each sync and import.
  const money = createMoneySchedule({
    store,
    profileId: () => profiles.active().id,
    now,
    log,
    written: (day) => {
      events.emit('money:snapshot', { day })
    }
  })
  const handlers = snapshotAfterImport(buildHandlers(services, edits.handlers, start), money)
  const offMoney = snapshotAfterSync(sync, money)
  money.startDaily()
  // Once a day, from a file that just passed its check: what a recovery restores. In the
  // background: start-up does not wait for it; close does. Not of a file this start made: it holds
  // nothing of the user's, and its copy cost a thread and a write while the first sync starts;
  // the next start takes the first.
  const backup = store.created
    ? Promise.resolve()
    : takeDailyBackup(store, now()).catch((e: unknown) => {
        log.warn('automatic backup failed', e)
      })
  // Counts wait for the sync to end: a search then has the main thread to itself.
  const stopWarmer = startSearchWarmer(store.read, { hold: () => sync.isRunning() })
  // The Browse page's first facets, counted in the facet worker before they are asked for.
  void facets.warm(profiles.active().id).catch((e: unknown) => {
    log.warn('facet warm-up failed', e)
  })
  const media = createMediaCache({
    store,
    // The OS's cache folder, not the data folder (roaming on Windows): pictures are only a cache.
    dir: join(cacheDirFor(options.dataDir), 'media'),
    legacyDir: join(options.dataDir, 'media'),
    maxBytes: MEDIA_CACHE_BYTES,
    source: () => {
      const p = profiles.active()
      const d = profiles.demo()
      return { profileId: p.id, baseUrl: p.baseUrl, fetch: d ? d.fetch : (r: Request) => fetch(r) }
    }
  })

  // The demo signs itself in with the sign-in its service gives (known from its seed), not a
  // login call: that would start its thread for a user who may never use the demo.
  if (profiles.active().kind === 'demo' && !profiles.secrets().userHash) {
    const { username, userHash } = demoThread().account()
    await profiles.updateSecrets({ userHash, username })
  }
  const autoSync = options.autoSync ?? true
  await fetchWarmed
  if (autoSync) sync.start()
  // A sign-in during a sync is seen by it or by one more right after; the service coming back
  // resumes what the network cut off.
  const offSignIn = autoSync
    ? syncOnSignIn(events, () => {
        sync.request()
      })
    : () => undefined
  const offResume = autoSync ? resumeWhenReachable({ reachability, runner: sync }) : () => undefined
  const offChange = profiles.onChange(() => {
    // A sync keeps writing for the profile it started with; the new profile gets its own.
    sync.cancel()
    if (!autoSync) return
    // Owned: a start that throws (the store closing at shutdown) is logged, never unhandled.
    sync
      .idle()
      .then(() => sync.start())
      .catch((e: unknown) => {
        log.warn('sync after a profile change did not start', e)
      })
  })

  return {
    handlers,
    events,
    media: (path) => media.get(path),
    allowedExternalHosts() {
      const p = profiles.active()
      const hosts = new Set(externalHosts(store.read, p.id))
      if (p.kind === 'custom' && profiles.problem() === null && p.baseUrl.startsWith('https:')) {
        hosts.add(new URL(p.baseUrl).host)
      }
      return [...hosts]
    },
    async close() {
      offChange()
      offSignIn()
      offResume()
      stopWarmer()
      await facets.close()
      sync.cancel()
      await sync.idle()
      offMoney()
      await money.close()
      await edits.close()
      await backup
      await reference?.close()
      store.close()
    }
  }
}
