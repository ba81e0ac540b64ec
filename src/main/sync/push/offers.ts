import { SERVICE_NAMES } from '../../../shared/protocol/operations'
import type { ServiceName } from '../../../shared/protocol/operations'
import type { ServiceClient } from '../../service/index'
import type { Offers } from './ops'

/**
 * What the profile's service offers, from its WSDL. Throws the discovery error when neither v2 nor
 * the earlier service answers: nothing could be written.
 */
export async function discoverOffers(client: ServiceClient): Promise<Offers> {
  const found = await client.discover()
  if (!found.v2.ok && !found.legacy.ok) throw found.v2.error
  const ops = new Map<ServiceName, ReadonlySet<string>>()
  for (const s of SERVICE_NAMES) {
    const entry = found[s]
    ops.set(s, new Set(entry.ok ? entry.description.operations : []))
  }
  return (service, op) => ops.get(service)?.has(op) === true
}
