import type { z } from 'zod'
import { AppError } from './errors'

/**
 * JSON text read back from somewhere this build did not just write it (a database row, a file, a
 * backup installed from the recovery screen) becomes a typed value only through a zod schema. The
 * lint rule against `JSON.parse(…) as T` and `as unknown as T` (eslint.config.mjs) allows this one
 * file, so a cast that truly cannot be avoided has one home beside the parsers; there is none yet.
 */

type JsonParse<T> = { ok: true; value: T } | { ok: false; why: string }

/** Parses `text` and checks it with `schema`; `why` names what was wrong, never the text itself. */
export function parseJson<S extends z.ZodType>(schema: S, text: string): JsonParse<z.output<S>> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { ok: false, why: 'not JSON' }
  }
  const r = schema.safeParse(raw)
  if (r.success) return { ok: true, value: r.data }
  const issue = r.error.issues[0]
  const at = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `
  return { ok: false, why: `${at}${issue?.message ?? 'not the expected shape'}` }
}

/**
 * A stored value this build cannot read is an AppError `db_error` naming what it is (`what`, e.g.
 * "An undo step") and why: whatever would act on it throws before writing anything, instead of
 * acting on a guess.
 */
export function readStoredJson<S extends z.ZodType>(
  schema: S,
  text: string,
  what: string
): z.output<S> {
  const r = parseJson(schema, text)
  if (r.ok) return r.value
  throw new AppError(
    'db_error',
    `${what} cannot be read (${r.why.slice(0, 120)}); nothing was changed.`
  )
}
