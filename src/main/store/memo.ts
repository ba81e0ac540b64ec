/** More values than this in one cache and it starts again (a cache of counts, not of everything). */
const MAX_VALUES = 500

/** The value for `key` in `values`, computed and kept the first time it is asked for. */
export function memo<T>(values: Map<string, unknown>, key: string, compute: () => T): T {
  if (values.has(key)) return values.get(key) as T
  const value = compute()
  if (values.size >= MAX_VALUES) values.clear()
  values.set(key, value)
  return value
}
