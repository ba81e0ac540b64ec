/**
 * What the File menu (or the OS opening a `.studbook` file) asked the data panel to do. The panel
 * may not be on screen yet: the request waits here until it mounts and takes it, once.
 */
type DataRequest = 'backup' | 'restore' | 'restoreOpened'

class DataRequests {
  pending = $state<DataRequest | null>(null)

  ask(request: DataRequest): void {
    this.pending = request
  }

  /** The request, once; null when there is none. */
  take(): DataRequest | null {
    const r = this.pending
    if (r !== null) this.pending = null
    return r
  }
}

export const dataRequests = new DataRequests()
