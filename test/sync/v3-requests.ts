import type { Harness } from './sync-pull-harness'

/** A v3 call as a request carries it: the operation and its `params`. */
interface V3Call {
  readonly op: string
  readonly params: Record<string, unknown>
}

/** The v3 call a request makes, or null for anything else. */
async function v3Call(req: Request): Promise<V3Call | null> {
  const m = /\/api\/v3\.asmx\/(\w+)$/i.exec(new URL(req.url).pathname)
  if (!m?.[1]) return null
  const form = new URLSearchParams(
    req.method === 'GET' ? new URL(req.url).search : await req.text()
  )
  const text = form.get('params') ?? form.get('Params') ?? '{}'
  return { op: m[1], params: JSON.parse(text) as Record<string, unknown> }
}

/** Lets `answer` stand in for the service on v3 calls; null lets a call through. */
export function interceptV3(
  x: Harness,
  answer: (call: V3Call, req: Request) => Response | null | Promise<Response | null>
): void {
  x.intercept = async (req) => {
    const call = await v3Call(req.clone())
    return call === null ? null : answer(call, req)
  }
}

/**
 * What a service may answer for a v3 operation it does not do (docs/protocol.md §4, §5b): which
 * one production gives is not recorded, so each is tried.
 */
export const NOT_OFFERED: readonly (readonly [string, (op: string) => Response])[] = [
  ['"not found"', () => new Response('Not found', { status: 404 })],
  [
    'an ASP.NET error page',
    () =>
      new Response("<html><body><h1>Server Error in '/' Application.</h1></body></html>", {
        status: 500,
        headers: { 'content-type': 'text/html; charset=utf-8' }
      })
  ],
  [
    '"Request format is unrecognized"',
    (op) =>
      new Response(`Request format is unrecognized for URL unexpectedly ending in '/${op}'.`, {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8' }
      })
  ],
  [
    '"No valid parameters"',
    () => Response.json({ status: 'error', message: 'No valid parameters' })
  ]
]
