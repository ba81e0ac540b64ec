import type { Handler } from './ops-v2-read'
import { keyed, fail, listed, success, userKeyed } from './ops-v3-reply'

/** Production's v3 account operations and the user's note lists (docs/protocol.md §5). */

export const V3_ACCOUNT_OPS = {
  checkKey: keyed(() => success()),
  login: keyed((call, a) => {
    const user = call.state.users.get(a.str('username').toLowerCase())
    return user && user.user.password === a.str('password')
      ? success({ hash: user.user.userHash })
      : fail('Invalid username or password')
  }),
  checkUserHash: userKeyed(() => success()),
  /**
   * Only getSets calls are counted (the daily allowance, docs/protocol.md §6), and only for the day the
   * counter last ran; a key never counted lists nothing.
   */
  getKeyUsageStats: keyed((call, a) => {
    const usage = call.state.allowances.get(a.str('apiKey'))
    return listed(
      'apiKeyUsage',
      usage && usage.used > 0 ? [{ dateStamp: `${usage.day}T00:00:00Z`, count: usage.used }] : []
    )
  }),
  getUserNotes: userKeyed((_call, _a, user) =>
    listed(
      'userNotes',
      [...user.sets]
        .filter(([, e]) => e.notes !== '')
        .sort(([x], [y]) => x - y)
        .map(([setID, e]) => ({ setID, notes: e.notes }))
    )
  ),
  getUserMinifigNotes: userKeyed((_call, _a, user) =>
    listed(
      'userMinifigNotes',
      [...user.minifigs]
        .filter(([, m]) => m.notes !== '')
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([minifigNumber, m]) => ({ minifigNumber, notes: m.notes }))
    )
  )
} satisfies Readonly<Record<string, Handler>>
