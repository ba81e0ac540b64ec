import type { AppErrorData } from '../../../shared/errors'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { tryCall } from './api'

/** One call's answer as a screen shows it: the value once it is in, or why there is none. */
interface Answer<T> {
  readonly value: T | null
  readonly error: AppErrorData | null
}

/**
 * Asks once, for a screen that reads one answer as it opens (Notes, Totals) and asks again only
 * when opened again: `value` is null until the answer is in, `error` says why when it is refused.
 */
export function askOnce<K extends ChannelName>(
  channel: K,
  input: ChannelInput<K>
): Answer<ChannelOutput<K>> {
  let value = $state.raw<ChannelOutput<K> | null>(null)
  let error = $state.raw<AppErrorData | null>(null)
  void tryCall(channel, input).then((result) => {
    if (result.ok) value = result.value
    else error = result.error
  })
  return {
    get value() {
      return value
    },
    get error() {
      return error
    }
  }
}
