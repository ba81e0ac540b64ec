import type { StudbookBridge } from '../shared/ipc/bridge'

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or provided by the browser host's client. */
    readonly studbook: StudbookBridge
  }
}

export {}
