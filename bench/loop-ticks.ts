/**
 * Runs `run` while a 1 ms timer ticks on the main thread: its value, and the worst gap between
 * two ticks (what an IPC call arriving meanwhile would have waited). The timer runs 5 ms past the
 * end, so a stall that ends the run is seen too.
 */
export async function withLoopTicks<T>(
  run: () => Promise<T>
): Promise<{ value: T; worst: number }> {
  let worst = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last)
    last = now
  }, 1)
  const value = await run()
  await new Promise((r) => setTimeout(r, 5))
  clearInterval(timer)
  return { value, worst }
}
