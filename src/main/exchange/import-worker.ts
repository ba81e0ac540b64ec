import Database from 'better-sqlite3'
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../../shared/errors'
import type { ReadDb } from '../store/handles'
import { yieldToMainThread } from '../store/thread-priority'
import { planPreview } from './import-plan'
import type { FromWorker, PreviewJob } from './import-plan'

// The main thread answers the user; this thread's work can wait for it (store/thread-priority.ts).
yieldToMainThread()

/**
 * Worker side of an import preview: one worker per preview reads the file and plans it on its own
 * read-only connection, so a 20 MB file does not hold up every other request for seconds. WAL lets
 * it read while the main connection writes; the plan sees the last committed collection.
 */
export interface PreviewWorkerData {
  readonly path: string
  /** The job without its file: that follows as `parts` messages, text or bytes (see sendFile). */
  readonly job: Omit<PreviewJob, 'content' | 'data'>
  readonly file: { readonly parts: number }
}

/** One slice of the file, in order: of its text (`content`) or of its bytes (`data`). */
export type FilePart =
  | { readonly type: 'part'; readonly text: string }
  | { readonly type: 'part'; readonly bytes: Uint8Array }

const say = (m: FromWorker): void => {
  parentPort?.postMessage(m)
}

// First word: from here on an end without an answer is this file's failure, not a broken install.
say({ type: 'ready' })
const { path, job, file } = workerData as PreviewWorkerData
const parts: string[] = []
const chunks: Uint8Array[] = []
let received = 0

type FileOf = Pick<PreviewJob, 'content' | 'bytes'>

/** Only an AppError's words are meant for the user; anything else is a fault in the reader. */
function failed(e: unknown): void {
  const error =
    e instanceof AppError
      ? e.toJSON()
      : new AppError(
          'internal',
          'The file could not be read because of an internal error.'
        ).toJSON()
  say({ type: 'failed', error })
}

/** Nothing more to wait for: the thread ends once its answer is on its way. */
function stopListening(): void {
  parentPort?.off('message', onPart)
  parentPort?.unref()
}

function plan(given: FileOf): void {
  const db = new Database(path, { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    const value = planPreview(db as ReadDb, { ...job, ...given }, (progress) => {
      say({ type: 'progress', progress })
    })
    // The edits' bytes move to the main thread rather than being copied.
    parentPort?.postMessage({ type: 'done', value } satisfies FromWorker, [
      value.edits.buffer as ArrayBuffer
    ])
  } catch (e) {
    failed(e)
  } finally {
    db.close()
    stopListening()
  }
}

function onPart(m: FilePart): void {
  received++
  if ('text' in m) parts.push(m.text)
  else chunks.push(m.bytes)
  if (received < file.parts) return
  plan(
    chunks.length > 0
      ? { bytes: Buffer.concat(chunks.splice(0)) }
      : { content: parts.splice(0).join('') }
  )
}
parentPort?.on('message', onPart)
