import { afterEach } from 'vitest'

/**
 * Fixtures that last one test: what `open` returns is closed after the test that opened it
 * (afterEach), whether the test passed or not. A file calls this once at its top level (vitest
 * registers the afterEach there) and opens a fixture in each test with the function it returns.
 */
export function closedAfterEach<A extends unknown[], T extends { close(): void }>(
  open: (...args: A) => Promise<T>
): (...args: A) => Promise<T> {
  const opened: T[] = []
  afterEach(() => {
    for (const f of opened.splice(0)) f.close()
  })
  return async (...args) => {
    const f = await open(...args)
    opened.push(f)
    return f
  }
}
