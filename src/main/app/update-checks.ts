import type { Handlers } from '../../shared/ipc/contract'
import type { Store } from '../store/connection'
import { readUpdateChecks, writeUpdateChecks } from './update-checks-repo'

/** Settings › Updates; the Electron shell's schedule reads the same setting before each check. */
export function updateCheckHandlers(
  store: Store
): Pick<Handlers, 'app:getUpdateChecks' | 'app:setUpdateChecks'> {
  return {
    'app:getUpdateChecks': () => ({ enabled: readUpdateChecks(store.read) }),
    'app:setUpdateChecks': ({ enabled }) => {
      writeUpdateChecks(store.write, enabled)
      return { enabled: readUpdateChecks(store.write) }
    }
  }
}
