import type { ReferenceService } from '../../src/emulator/index'

/**
 * Asks the in-process reference service's v3 getSets, as the client posts it (a form with the key,
 * the user hash and the JSON params). Free of vitest, so the decode bench asks the same way.
 */
export function postV3GetSets(
  svc: ReferenceService,
  params: Record<string, unknown>,
  userHash = '',
  base = 'https://reference.test'
): Promise<Response> {
  return svc.handle(
    new Request(`${base}/api/v3.asmx/getSets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        apiKey: svc.demo.apiKey,
        userHash,
        params: JSON.stringify(params)
      }).toString()
    })
  )
}
