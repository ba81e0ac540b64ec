import { AppError, toAppErrorData } from '../../shared/errors'
import { CHANNELS, isChannelName } from '../../shared/ipc/contract'
import { isIdempotentRead } from '../../shared/ipc/reads'
import type { Handlers } from '../../shared/ipc/contract'
import { fail, ok } from '../../shared/ipc/result'
import type { Result } from '../../shared/ipc/result'
import { storageFault } from '../store/faults'
import { handOffMark, waitedHandOffs, waitedSince } from '../store/hand-off'
import type { Log } from '../logging/index'

export type DispatchLog = Pick<Log, 'error'> & Partial<Pick<Log, 'warn'>>

/**
 * A call still unanswered after this long is written to the log once, by name: a call that waits
 * on something that never comes is then found in the user's log, not guessed at.
 */
const SLOW_CALL_MS = 15_000

/**
 * The one path from a host (Electron IPC gate or browser host) to a handler: channel allowlist,
 * schema parse (the handler never sees unparsed input), call, and every outcome as a Result.
 */
export async function dispatch(
  handlers: Handlers,
  channel: string,
  rawInput: unknown,
  log?: DispatchLog
): Promise<Result<unknown>> {
  if (!isChannelName(channel)) {
    return fail(new AppError('forbidden', `Unknown channel.`).toJSON())
  }
  const parsed = CHANNELS[channel].input.safeParse(rawInput === undefined ? {} : rawInput)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') ?? ''
    const message = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'Invalid input.'
    return fail(new AppError('invalid_input', message, field ? { field } : undefined).toJSON())
  }
  const handler = handlers[channel] as (input: unknown) => unknown
  const slow = setTimeout(() => {
    log?.warn?.(`${channel} has not answered after ${String(SLOW_CALL_MS / 1000)} s`)
  }, SLOW_CALL_MS)
  slow.unref()
  try {
    // A request that may write starts after the edit writer's worker has let go of the file
    // (store/hand-off.ts): it would be refused meanwhile, and it keeps its place among the user's.
    if (!isIdempotentRead(channel)) {
      for (let turn = waitedHandOffs(); turn !== null; turn = waitedHandOffs()) await turn
    }
    return await answer(handler, channel, parsed.data, log)
  } finally {
    clearTimeout(slow)
  }
}

async function answer(
  handler: (input: unknown) => unknown,
  channel: string,
  input: unknown,
  log: DispatchLog | undefined
): Promise<Result<unknown>> {
  for (let tries = 0; ; tries++) {
    const mark = handOffMark()
    try {
      return ok(await handler(input))
    } catch (e) {
      const fault = storageFault(e)
      // Refused by a hand-off that opened after it began: nothing was written, so it is asked
      // again once that write has ended, instead of failing the user.
      const turn = fault?.code === 'db_busy' && tries < 3 ? waitedSince(mark) : null
      if (turn !== null) {
        await turn
        continue
      }
      // The stack stays in main's log; only the code and a safe message cross the boundary.
      if (!(e instanceof AppError)) log?.error(`handler ${channel} failed`, e)
      return fail(toAppErrorData(fault ?? e))
    }
  }
}
