/**
 * What fetch shows its caller when a connection fails, for the service's callers that are not
 * node:http sockets (the in-process handler, the service thread): the same error shapes undici
 * gives, so the app's client classifies them as it would a real network's.
 */

/** fetch's rejection for a connection that failed before an answer; `code` is the socket's. */
export function connectionError(code: 'ECONNRESET' | 'ECONNREFUSED', why: string): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(why), { code }) })
}

/** An answer whose connection closes after `keep` bytes of its body: reading it fails there. */
export function cutResponse(
  bytes: Uint8Array,
  keep: number,
  init: ConstructorParameters<typeof Response>[1]
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, Math.min(keep, bytes.length)))
      controller.error(new TypeError('terminated', { cause: new Error('other side closed') }))
    }
  })
  return new Response(body, init)
}
