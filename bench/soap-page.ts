import type { ReferenceService } from '../src/emulator/index'
import { createServiceClient } from '../src/main/service/index'
import type { DecodeInput } from '../src/main/service/decode-response'

/**
 * A v2 getSets answer of the reference service as SOAP 1.1 bytes, as our client receives them,
 * and the decoder's input for it: what bench:decode times and the shipped-decoder check reads.
 */
export async function soapGetSetsPage(
  svc: ReferenceService,
  pageSize: number,
  pageNumber: number
): Promise<string> {
  let captured = ''
  const client = createServiceClient({
    profile: { baseUrl: 'http://127.0.0.1:9', binding: 'soap11' },
    secrets: () => ({ apiKey: svc.demo.apiKey }),
    fetch: async (req) => {
      const res = await svc.handle(req)
      captured = await res.clone().text()
      return res
    }
  })
  await client.v2.getSets({ pageSize, pageNumber })
  return captured
}

/** `body` (a getSets answer of `svc`) as the decoder is handed it. */
export function soapGetSetsInput(svc: ReferenceService, body: string): DecodeInput {
  return {
    service: 'v2',
    operation: 'getSets',
    binding: 'soap11',
    namespace: svc.namespaces.api,
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body
  }
}
