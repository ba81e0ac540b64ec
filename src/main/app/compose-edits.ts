import type { EventBus } from '../ipc/event-bus'
import type { Store } from '../store/connection'
import { createAccountHandlers } from '../account/account-handlers'
import type { AccountHandlers } from '../account/account-handlers'
import { createCollectionHandlers } from '../collection/collection-handlers'
import { rejectionError, rejectionOfCode } from '../account/credential-check'
import type { CollectionHandlers } from '../collection/collection-handlers'
import { createBulkEditHandlers } from '../collection/bulk-edit-handlers'
import type { BulkEditHandlers } from '../collection/bulk-edit-handlers'
import { createScanHandlers } from '../collection/scan'
import { createDoctorHandlers, followDoctorTotal } from '../doctor/index'
import type { DoctorHandlers } from '../doctor/index'
import { createShelfHandlers } from '../shelf/index'
import type { ShelfHandlers } from '../shelf/index'
import { createLedgerHandlers, followLedgerPurge, purgeLedger } from '../ledger/index'
import type { LedgerHandlers } from '../ledger/index'
import type { ScanHandlers } from '../collection/scan'
import type { FileChooser } from './ports'
import type { EditDeps } from '../collection/edits-deps'
import { createExchangeHandlers } from '../exchange/handlers'
import type { ExchangeHandlers } from '../exchange/handlers'
import type { DataFolderPort } from '../exchange/deps'
import { acquiredConditions } from '../exchange/conditions'
import type { Profiles } from '../account/profiles'
import { createPusher } from '../sync/push/pusher'
import type { Pusher } from '../sync/push/pusher'
import { flagLabels, outbox } from '../collection/index'
import { setStates } from '../collection/read-model-repo'
import type { SetState } from '../../shared/model/collection'
import { createOutboxJournalHandlers } from '../collection/outbox-journal-handlers'
import type { OutboxJournalHandlers } from '../collection/outbox-journal-handlers'
import type { Log } from '../logging/index'

/**
 * The edit side of the core in one call for the composition root: its handler groups, the pusher,
 * and the push step the sync runner runs before its collection pull.
 *
 * @example const edits = createEditSide({ ...services, publish: () => sync.publish() })
 */
export interface EditSideDeps {
  readonly store: Store
  readonly profiles: Profiles
  readonly events: EventBus
  readonly now: () => Date
  readonly files: FileChooser | null
  /** Native dialogs for backups and the file manager (Electron); absent in the browser host. */
  readonly dataFolder?: DataFolderPort | null
  /** Publishes `sync:status` (the outbox counts changed). */
  readonly publish: () => void
  readonly log: Pick<Log, 'warn'>
  /** Delay before a background push after an edit; 0 disables background pushes. */
  readonly pushDelayMs?: number
}

export type EditSideHandlers = CollectionHandlers &
  BulkEditHandlers &
  ScanHandlers &
  OutboxJournalHandlers &
  AccountHandlers &
  ExchangeHandlers &
  DoctorHandlers &
  ShelfHandlers &
  LedgerHandlers

export interface EditSide {
  readonly handlers: EditSideHandlers
  readonly pusher: Pusher
  /** For SyncRunnerOptions.push. */
  readonly push: (signal: AbortSignal) => Promise<void>
  /** Stops a background push after its row in flight, waits for it, and schedules no more. */
  close(): Promise<void>
}

export function createEditSide(d: EditSideDeps): EditSide {
  const pusher = createPusher({
    store: d.store,
    profileId: () => d.profiles.active().id,
    client: () => d.profiles.client(),
    signedIn: () => (d.profiles.secrets().userHash ?? '') !== '',
    now: d.now,
    log: d.log
  })
  const delay = d.pushDelayMs ?? 300

  /**
   * One push round, then word to the screens: every set whose changes were waiting may now be
   * synced, in conflict or needing attention, and its row badge and panel must say so at once.
   */
  async function pushRound(signal?: AbortSignal): ReturnType<Pusher['push']> {
    const profileId = d.profiles.active().id
    // A conflict can end in a round too (the website came round to the user's value).
    const setIDs = outbox.roundSetIDs(d.store.read, profileId)
    try {
      return await pusher.push(signal)
    } finally {
      d.publish()
      // Not data:changed: the edit announced its data once; a round changes only sync badges.
      if (setIDs.length > 0) d.events.emit('sync:sets', { setIDs, states: statesOf(setIDs) })
    }
  }

  /** The sets' states as they are now, when few enough to send; null beyond that. */
  const statesOf = (setIDs: readonly number[]): SetState[] | null =>
    setStates(d.store.read, d.profiles.active().id, setIDs)

  /**
   * The flag labels as last announced. An edit that changed them (a restore, its undo) is more
   * than its sets' states, so its event goes without states and every screen reads again.
   */
  const labelsNow = (): string => JSON.stringify(flagLabels(d.store.read, d.profiles.active().id))
  let labelsSeen = labelsNow()
  // A sync's pull and a profile switch change labels too, and announce it themselves.
  const unsubscribe = d.events.subscribe((name) => {
    if (name === 'data:changed' || name === 'account:changed') labelsSeen = labelsNow()
  })

  let timer: NodeJS.Timeout | null = null
  let inFlight: Promise<unknown> = Promise.resolve()
  // Ends the background rounds at close: a round stops between two rows, where a kill -9 is
  // already safe, and the rows not yet sent wait in the outbox for the next start. Quitting after
  // a bulk edit of 1,000 sets otherwise waited for all of them to be pushed (over 90 s at load 12).
  const background = new AbortController()
  let queued = false
  let closed = false

  const schedule = (): void => {
    if (closed || delay <= 0 || timer) return
    timer = setTimeout(() => {
      timer = null
      // A wake while a round runs gets a round of its own after it (one, however many came):
      // joined to the running one, rows it had passed or could not write (busy while the edit
      // writer's worker held the file) would wait for some later edit.
      if (queued) return
      queued = true
      inFlight = inFlight.then(() => {
        queued = false
        // Edits are durable already; a failed background push only means the rows wait.
        return pushRound(background.signal).catch((e: unknown) => {
          d.log.warn('background push failed', e)
        })
      })
    }, delay)
    timer.unref()
  }

  const deps: EditDeps = {
    store: d.store,
    profileId: () => d.profiles.active().id,
    now: d.now,
    changed: (setIDs) => {
      // (labelsSeen follows this very event, through the subscription above.)
      const states = labelsNow() === labelsSeen && setIDs.length > 0 ? statesOf(setIDs) : null
      // The one data:changed of this edit; the push round that follows speaks of badges only.
      d.events.emit('data:changed', {
        scope: 'collection',
        setIDs: [...setIDs],
        ...(states === null ? {} : { states })
      })
      d.publish()
      schedule()
    }
  }
  const handlers: EditSideHandlers = {
    ...createCollectionHandlers(deps),
    ...createBulkEditHandlers(deps),
    ...createScanHandlers(deps),
    // The doctor's fixes are edits: the same deps, so they announce and push like any other.
    ...createDoctorHandlers(deps),
    // The shelf audit's fix moves copies: an edit like any other.
    ...createShelfHandlers(deps),
    // A disposal may delete its copy through the edit path: the same deps.
    ...createLedgerHandlers({ ...deps, files: d.files }),
    ...createOutboxJournalHandlers(deps),
    ...createExchangeHandlers({
      ...deps,
      files: d.files,
      dataFolder: d.dataFolder ?? null,
      conditions: () => acquiredConditions(d.store, d.profiles),
      log: d.log
    }),
    ...createAccountHandlers({
      store: d.store,
      profiles: d.profiles,
      events: d.events,
      log: d.log,
      profileChanged: () => {
        pusher.reset()
        d.publish()
      }
    })
  }
  // The doctor's badge follows every change of the data without a call from the window.
  const stopDoctorTotal = followDoctorTotal({
    events: d.events,
    total: async () => (await handlers['doctor:getSummary']({})).total,
    warn: (message, e) => {
      d.log.warn(message, e)
    }
  })
  const stopLedgerPurge = followLedgerPurge({
    events: d.events,
    purge: () => purgeLedger(deps),
    warn: (message, e) => {
      d.log.warn(message, e)
    }
  })
  return {
    handlers,
    pusher,
    push: async (signal) => {
      const report = await pushRound(signal)
      // The sync records a refused credential and shows "sign in again"; the rows stay pending.
      const refused = rejectionOfCode(report.stopped)
      if (refused !== null) throw rejectionError(refused)
    },
    async close() {
      closed = true
      unsubscribe()
      stopDoctorTotal()
      stopLedgerPurge()
      if (timer) clearTimeout(timer)
      background.abort()
      await inFlight
    }
  }
}
