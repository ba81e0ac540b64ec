import type { ReferenceService } from '../../src/emulator/index'
import { createServiceClient } from '../../src/main/service/index'
import type { ServiceClient } from '../../src/main/service/index'

/** The demo account's client on an in-process reference service, signed in. */
export async function signedInDemoClient(svc: ReferenceService): Promise<ServiceClient> {
  const secrets: { apiKey: string; userHash?: string } = { apiKey: svc.demo.apiKey }
  const client = createServiceClient({
    profile: { baseUrl: 'https://demo.studbook.invalid' },
    secrets: () => ({ ...secrets }),
    fetch: (req) => svc.handle(req)
  })
  secrets.userHash = await client.v2.login({
    username: svc.demo.username,
    password: svc.demo.password
  })
  return client
}
