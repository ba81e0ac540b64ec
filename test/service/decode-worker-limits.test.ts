import { afterAll, describe, expect, it } from 'vitest'
import {
  currentDecodeWorker,
  decodeOffThread,
  stopDecodeWorker
} from '../../src/main/service/decode-pool'
import { NS, httpList, recordXml } from '../fixtures/service/build'

/**
 * The decode worker's heap counts in the host's RSS: under V8's default ~4 GB ceiling a sync's
 * page garbage grew it to 40-64 MB. It runs with a small young generation and a ceiling.
 */
afterAll(async () => {
  await stopDecodeWorker()
})

describe('decode worker limits', () => {
  it('runs the decode worker with a small young generation and a heap ceiling', async () => {
    await decodeOffThread({
      service: 'v2',
      operation: 'getSets',
      binding: 'httpPost',
      namespace: NS,
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body: httpList(
        'sets',
        Array.from({ length: 1500 }, () => recordXml('sets'))
      )
    })
    const limits = currentDecodeWorker()?.resourceLimits
    expect(limits?.maxYoungGenerationSizeMb ?? Infinity).toBeLessThanOrEqual(16)
    expect(limits?.maxOldGenerationSizeMb ?? Infinity).toBeLessThan(1024)
  })
})
