import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { AppError } from '../../shared/errors'
import { CHANNEL_NAMES, isChannelName } from '../../shared/ipc/contract'
import type { Handlers } from '../../shared/ipc/contract'
import { fail } from '../../shared/ipc/result'
import type { Result } from '../../shared/ipc/result'
import { originOf } from './app-origin'

type Dispatch = (handlers: Handlers, channel: string, rawInput: unknown) => Promise<Result<unknown>>

/** The parts of an invoke event the gate looks at (Electron's IpcMainInvokeEvent has them). */
interface GateEvent {
  readonly senderFrame: {
    readonly url: string
    readonly origin: string
    readonly parent: unknown
  } | null
}

interface GateOptions {
  readonly handlers: Handlers
  readonly dispatch: Dispatch
  /** Exactly the app origin, plus the dev-server origin only when the app is not packaged. */
  readonly trustedOrigins: readonly string[]
}

type Denial = 'no_frame' | 'sub_frame' | 'foreign_origin' | 'unknown_channel'

/** Why a call must be refused, or null when it comes from our own top-level page on a known channel. */
function denialReason(
  event: GateEvent,
  channel: string,
  trustedOrigins: readonly string[]
): Denial | null {
  const frame = event.senderFrame
  // A frame that navigated away or was destroyed mid-call reports null: it is nobody we trust.
  if (frame === null) return 'no_frame'
  if (frame.parent !== null) return 'sub_frame'
  // Both must match: about:blank and srcdoc frames inherit the opener's origin but not its URL.
  const urlOrigin = originOf(frame.url)
  if (urlOrigin === null || !trustedOrigins.includes(urlOrigin)) return 'foreign_origin'
  if (!trustedOrigins.includes(frame.origin)) return 'foreign_origin'
  if (!isChannelName(channel)) return 'unknown_channel'
  return null
}

/** Checks the sender, then hands the raw input to dispatch (schema parse, handler, Result). */
export function createGate(
  options: GateOptions
): (channel: string, event: GateEvent, rawInput: unknown) => Promise<Result<unknown>> {
  return async (channel, event, rawInput) => {
    const denial = denialReason(event, channel, options.trustedOrigins)
    if (denial !== null) {
      return fail(new AppError('forbidden', 'This request is not allowed.').toJSON())
    }
    return options.dispatch(options.handlers, channel, rawInput)
  }
}

/**
 * The only caller of ipcMain.handle: one handler per contract channel, each behind the gate.
 * Returns a function that removes them again.
 */
export function registerIpcGate(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  options: GateOptions
): () => void {
  const gate = createGate(options)
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, rawInput: unknown) =>
      gate(channel, event, rawInput)
    )
  }
  return () => {
    for (const channel of CHANNEL_NAMES) ipcMain.removeHandler(channel)
  }
}
