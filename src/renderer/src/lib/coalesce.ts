/**
 * A refresh that runs at most once at a time and at most once more. Main announces every change
 * (an edit, each pushed row of a sync), thousands in a row; a refresh per announcement queues as
 * many calls to main, and the user's next click waits behind them. Called while a run is under
 * way, the refresh runs once more when it ends (it must see the newest change); further calls
 * meanwhile fold into that one.
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  /** Calls so far: one that came in during a run makes the run go round once more. */
  let calls = 0
  return () => {
    calls++
    if (running !== null) return running
    running = (async () => {
      try {
        let seen: number
        do {
          seen = calls
          await run()
        } while (calls !== seen)
      } finally {
        running = null
      }
    })()
    return running
  }
}
