import { renameSync, rmSync } from 'node:fs'
import { AppError } from '../../shared/errors'
import { CHANNEL_NAMES } from '../../shared/ipc/contract'
import type { ChannelName, Handlers } from '../../shared/ipc/contract'
import type { StartState } from '../../shared/model/app'
import type { EventBus } from '../ipc/event-bus'
import { openStore } from '../store/connection'
import type { Store } from '../store/connection'
import { setAside } from '../store/set-aside'
import { backupPath, listBackups } from '../exchange/auto-backup'
import { installBackup } from '../exchange/backup-file-repo'
import type { AppContext } from './context'
import type { Log } from '../logging/index'

export type StartHandlers = Pick<Handlers, 'app:getStartState' | 'app:recover'>

interface StartDeps {
  readonly path: string
  readonly events: EventBus
  readonly now: () => Date
  readonly log: Pick<Log, 'warn'>
  /** Builds the running app over an intact store. */
  readonly run: (store: Store, events: EventBus, start: StartHandlers) => Promise<AppContext>
}

const isDamage = (e: unknown): e is AppError => e instanceof AppError && e.code === 'db_damaged'

/** The start-state channels of an app whose file opened intact. */
function readyHandlers(notice: string | null): StartHandlers {
  return {
    'app:getStartState': () => ({ state: 'ready', notice }),
    'app:recover': () => {
      throw new AppError('invalid_input', 'The data file is intact: there is nothing to recover.')
    }
  }
}

/**
 * Opens the database and runs the app over it; a file that fails its check at start runs a
 * recovery state instead, in which every channel but the start-state ones answers `db_damaged`.
 * The hosts keep one context throughout: its handlers, media and hosts follow whichever is current.
 */
export async function openWithRecovery(deps: StartDeps): Promise<AppContext> {
  let current: AppContext
  let damage: AppError | null = null
  let recovering = false

  const start = async (notice: string | null): Promise<AppContext> =>
    deps.run(await openStore(deps.path), deps.events, readyHandlers(notice))

  try {
    current = await start(null)
  } catch (e) {
    if (!isDamage(e)) throw e
    damage = e
    deps.log.warn('data file damaged at start', e.detail?.reason ?? e.message)
    current = recoveryContext()
  }

  function damagedState(d: AppError): StartState {
    return { state: 'damaged', problem: d.message, backups: listBackups(deps.path) }
  }

  async function recover(input: Parameters<Handlers['app:recover']>[0]): Promise<StartState> {
    const d = damage
    if (d === null) return current.handlers['app:recover'](input)
    if (recovering) throw new AppError('conflict', 'A recovery is already running.')
    recovering = true
    const staged = `${deps.path}.restoring`
    try {
      // The backup is checked and copied beside the data file first: a backup that cannot be
      // used leaves the damaged file where it was, to choose again.
      if (input.choice === 'restore') {
        const source = backupPath(deps.path, input.backup)
        if (source === null) {
          throw new AppError('not_found', 'That backup is no longer in the backups folder.')
        }
        rmSync(staged, { force: true })
        await installBackup(source, staged)
      }
      const kept = setAside(deps.path, deps.now())
      if (input.choice === 'restore') {
        renameSync(staged, deps.path)
      }
      const notice =
        input.choice === 'restore'
          ? `Restored the backup of ${input.backup.slice(0, -'.studbook'.length)}. The damaged file was kept as ${kept}.`
          : `Started with a new data file. The damaged file was kept as ${kept}.`
      current = await start(notice)
      damage = null
      return await current.handlers['app:getStartState']({})
    } catch (e) {
      rmSync(staged, { force: true })
      if (isDamage(e)) damage = e
      throw e
    } finally {
      recovering = false
    }
  }

  function recoveryContext(): AppContext {
    const refuse = (): never => {
      throw new AppError(
        'db_damaged',
        'Studbook’s data file is damaged: restore a backup or start fresh first.'
      )
    }
    const handlers: Partial<Record<ChannelName, unknown>> = {}
    for (const name of CHANNEL_NAMES) handlers[name] = refuse
    handlers['app:getStartState'] = () => (damage ? damagedState(damage) : refuse())
    return {
      handlers: handlers as Handlers,
      events: deps.events,
      media: () => Promise.resolve(null),
      allowedExternalHosts: () => [],
      close: () => Promise.resolve()
    }
  }

  const delegating: Partial<Record<ChannelName, unknown>> = {}
  for (const name of CHANNEL_NAMES) {
    delegating[name] = (input: unknown) =>
      (current.handlers[name] as (i: unknown) => unknown)(input)
  }
  delegating['app:recover'] = recover
  return {
    handlers: delegating as Handlers,
    events: deps.events,
    media: (path) => current.media(path),
    allowedExternalHosts: () => current.allowedExternalHosts(),
    close: () => current.close()
  }
}
