import { describe, expect, it } from 'vitest'
import { shippedDecoder } from '../../bench/shipped-decoder'
import { createReferenceService } from '../../src/emulator/index'
import { soapGetSetsInput, soapGetSetsPage } from '../../bench/soap-page'
import { decodeResponse } from '../../src/main/service/decode-response'

/**
 * bench:decode times the decoder as it ships (issue #25: "≥ 6× soap on the shipped bundle, which
 * the benchmark times"). When the bundle's chunks moved, the bench stopped finding it and nobody
 * saw: this runs on the build the e2e step makes, and holds that the bench still finds the shipped
 * worker's decoder and that it reads a page as the source does.
 */
describe('the shipped decoder the decode benchmark times', () => {
  it('is found by following the built decode worker, and reads a page as the source does', async () => {
    process.env.BENCH_NO_BUILD = '1'
    const shipped = shippedDecoder()
    const svc = createReferenceService({ sets: 40, seed: 3 })
    try {
      const input = soapGetSetsInput(svc, await soapGetSetsPage(svc, 40, 1))
      const fromBundle = shipped.decode(input) as unknown[]
      expect(fromBundle).toHaveLength(40)
      expect(JSON.parse(JSON.stringify(fromBundle))).toEqual(
        JSON.parse(JSON.stringify(decodeResponse(input)))
      )
    } finally {
      svc.close()
    }
  })
})
