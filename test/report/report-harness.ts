import type { Handlers } from '../../src/shared/ipc/contract'
import type { ReportDto } from '../../src/shared/model/report'
import { dispatch } from '../../src/main/ipc/dispatch'
import { createReportHandlers } from '../../src/main/report/index'
import { editHarness } from '../collection/harness'
import type { EditHarness } from '../collection/harness'

/** A real store with catalogue sets, and the report handlers called through the one dispatch. */
export async function reportHarness(sets = [1, 2, 3, 4, 5]) {
  const h: EditHarness = await editHarness({ sets })
  const report = createReportHandlers({
    store: h.store,
    profileId: () => h.profileId,
    now: () => new Date('2026-03-01T10:00:00.000Z'),
    pdf: null
  })
  /** Through the one dispatch path, so the schema is checked as the hosts check it. */
  const call = async (channel: keyof typeof report, input: unknown) =>
    dispatch({ ...h.handlers, ...report } as unknown as Handlers, channel, input)
  const build = async (input: unknown): Promise<ReportDto> => {
    const r = await call('report:build', input)
    if (!r.ok) throw new Error(r.error.message)
    return r.value as ReportDto
  }
  /** Gives a catalogue set its retail prices, as text the way the catalogue keeps them. */
  const retail = (
    setID: number,
    prices: { uk?: string; us?: string; ca?: string; eu?: string }
  ) => {
    h.store.write
      .prepare(
        `UPDATE sets SET uk_price = ?, us_price = ?, ca_price = ?, eu_price = ?
         WHERE profile_id = ? AND set_id = ?`
      )
      .run(
        prices.uk ?? null,
        prices.us ?? null,
        prices.ca ?? null,
        prices.eu ?? null,
        h.profileId,
        setID
      )
  }
  return { h, call, build, retail }
}
