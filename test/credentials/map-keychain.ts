import type { KeytarLike } from '../../src/main/credentials/index'

/**
 * An OS keychain behind keytar's interface, held in a Map the test reads and corrupts as another
 * program would. While `locked`, every write is refused as a keychain locked while Studbook runs
 * refuses it; reads and deletes still work.
 */
export interface MapKeychain extends KeytarLike {
  /** The entries by "service/account". */
  readonly entries: Map<string, string>
  locked: boolean
}

export function mapKeychain(): MapKeychain {
  const entries = new Map<string, string>()
  const keychain: MapKeychain = {
    entries,
    locked: false,
    getPassword: (s, a) => Promise.resolve(entries.get(`${s}/${a}`) ?? null),
    setPassword: (s, a, p) => {
      if (keychain.locked) {
        return Promise.reject(new Error('Cannot create an item in a locked collection'))
      }
      entries.set(`${s}/${a}`, p)
      return Promise.resolve()
    },
    deletePassword: (s, a) => Promise.resolve(entries.delete(`${s}/${a}`))
  }
  return keychain
}
