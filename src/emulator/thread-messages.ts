import { z } from 'zod'

/**
 * What the reference service's thread and its caller say to each other (reference-thread.ts and
 * reference-worker.ts). Both sides parse what they receive: a message that does not fit is a bug
 * on the other side, and is treated as the connection failing rather than read half-way.
 */

/** The service's options that can cross to a thread (no clock: the thread uses its own). */
export const threadOptionsSchema = z.object({
  sets: z.number().int().min(1).max(200_000).optional(),
  seed: z.number().int().optional(),
  namespaces: z.object({ api: z.string(), legacy: z.string() }).optional(),
  dbPath: z.string().optional(),
  quantityCreatesCopies: z.boolean().optional(),
  maxPageSize: z.number().int().min(1).max(500).optional()
})
export type ThreadOptions = z.infer<typeof threadOptionsSchema>

/** The options as the service takes them: a key given as undefined is left out. */
export function presentOnly<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>
  }
}

// By tag, not instanceof: a test page (jsdom) has a Uint8Array of its own, and a message's bytes
// arrive as Node's.
const bytes = z.custom<Uint8Array<ArrayBuffer>>(
  (v) => ArrayBuffer.isView(v) && Object.prototype.toString.call(v) === '[object Uint8Array]',
  'bytes'
)
const headerList = z.array(z.tuple([z.string(), z.string()]))

/** Caller to thread. */
export const toThreadSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('fetch'),
    id: z.number().int(),
    method: z.string(),
    url: z.string(),
    headers: headerList,
    body: bytes.nullable()
  }),
  z.object({ type: z.literal('abort'), id: z.number().int() }),
  z.object({ type: z.literal('close') })
])
export type ToThread = z.infer<typeof toThreadSchema>

/** Thread to caller. */
export const fromThreadSchema = z.discriminatedUnion('type', [
  /** The thread's id in the OS (Linux), sent first: the caller may lower its priority. */
  z.object({ type: z.literal('thread'), tid: z.number().int().positive() }),
  z.object({
    type: z.literal('ready'),
    demo: z.object({ apiKey: z.string(), username: z.string(), password: z.string() }),
    namespaces: z.object({ api: z.string(), legacy: z.string() })
  }),
  z.object({ type: z.literal('failed'), message: z.string() }),
  z.object({
    type: z.literal('response'),
    id: z.number().int(),
    status: z.number().int().min(200).max(599),
    statusText: z.string(),
    headers: headerList,
    body: bytes,
    /** The connection is cut after this many body bytes (a truncate fault). */
    cutAt: z.number().int().min(0).nullable()
  }),
  /** The connection was dropped before any answer (a drop fault). */
  z.object({ type: z.literal('drop'), id: z.number().int() })
])
export type FromThread = z.infer<typeof fromThreadSchema>
