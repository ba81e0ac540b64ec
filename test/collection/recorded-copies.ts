import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeResponse } from '../../src/main/service/decode-response'
import type { CollectionDetailRecord } from '../../src/shared/protocol/records'

/**
 * Production's recorded getCollectionDetail answer (one copy: acquired "21-08-18", modified),
 * decoded as the client decodes it.
 */
export function recordedCopies(): CollectionDetailRecord[] {
  return decodeResponse({
    service: 'v2',
    operation: 'getCollectionDetail',
    binding: 'httpPost',
    namespace: 'https://brickset.com/api/',
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body: readFileSync(
      join(
        import.meta.dirname,
        '../fixtures/production/production-v2/responses/get_collection_detail.xml'
      ),
      'utf8'
    )
  }) as CollectionDetailRecord[]
}
