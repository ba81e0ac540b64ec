import { parentPort } from 'node:worker_threads'
import { serveDecoding } from './decode-serve'
import { yieldToMainThread } from '../store/thread-priority'

// The main thread answers the user; this thread's work can wait for it (store/thread-priority.ts).
yieldToMainThread()

/**
 * The decode pool's own worker (decode-pool.ts): large responses are validated and decoded off the
 * main loop, as decode-serve.ts reads them. A set writer decodes the same way while it lives.
 */
if (parentPort !== null) serveDecoding(parentPort)
