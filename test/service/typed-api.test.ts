import { describe, expect, expectTypeOf, it } from 'vitest'
import { HANDLERS } from '../../src/emulator/handle'
import type { LEGACY_OPS } from '../../src/emulator/ops-legacy'
import type { V2_READS } from '../../src/emulator/ops-v2-read'
import type { V2_WRITES } from '../../src/emulator/ops-v2-write'
import type { V3_OPS } from '../../src/emulator/ops-v3'
import { createServiceClient } from '../../src/main/service/index'
import type {
  CallOptions,
  Int,
  JsonParams,
  ServiceClient,
  Text,
  V3Result
} from '../../src/main/service/index'
import {
  OPERATIONS,
  SERVICE_NAMES,
  acknowledges,
  operationsOf
} from '../../src/shared/protocol/operations'
import type { OperationName } from '../../src/shared/protocol/operations'
import type { FiguresAnswer } from '../../src/shared/protocol/minifig-collection'
import type { V3SetsAnswer } from '../../src/shared/protocol/v3-set-records'
import type {
  CollectionTotalsRecord,
  ConditionRecord,
  SetRecord
} from '../../src/shared/protocol/records'

// The typed client is derived from the operation table. These check, at the type level (run by
// `npm run typecheck`), that a few signatures are what callers expect, and at run time that the
// built calls and the reference service cover exactly the table's operations.

type V2 = ServiceClient['v2']
type V3 = ServiceClient['v3']
type Legacy = ServiceClient['legacy']

/** The table's operation names for one service, sorted: what a client or handler table must hold. */
const names = (s: (typeof SERVICE_NAMES)[number]): string[] =>
  operationsOf(s)
    .map((o) => o.name)
    .sort()

describe('signatures derived from the operation table', () => {
  it('parameters: names as the table spells them, required ones required, secrets optional', () => {
    expectTypeOf<Parameters<V2['getSet']>[0]>().toEqualTypeOf<{
      readonly SetID: Text
      readonly apiKey?: Text
      readonly userHash?: Text
    }>()
    expectTypeOf<Parameters<V2['setCollection_qtyOwned']>[0]>().toEqualTypeOf<{
      readonly setID: Int
      readonly qtyOwned: Int
      readonly apiKey?: Text
      readonly userHash?: Text
    }>()
    expectTypeOf<Parameters<V3['setCollection']>[0]>().toEqualTypeOf<{
      readonly SetID: Int
      readonly params: JsonParams
      readonly apiKey?: Text
      readonly userHash?: Text
    }>()
    expectTypeOf<Parameters<Legacy['login']>[0]>().toEqualTypeOf<{
      readonly u: Text
      readonly p: Text
    }>()
    // Nothing required: the parameters may be left out.
    expectTypeOf<V2['getThemes']>()
      .parameter(0)
      .toEqualTypeOf<{ readonly apiKey?: Text } | undefined>()
    expectTypeOf<V2['getThemes']>().parameter(1).toEqualTypeOf<CallOptions | undefined>()
  })

  it('a record parameter needs its value types and may leave strings out', () => {
    type Detail = Parameters<V2['setCollectionDetail']>[0]['detail']
    expectTypeOf<Detail['collectionID']>().toEqualTypeOf<number>()
    expectTypeOf<Detail['deleted']>().toEqualTypeOf<boolean>()
    expectTypeOf<Detail>().toHaveProperty('notes').toEqualTypeOf<string | null | undefined>()
    expectTypeOf<{ collectionID: number }>().not.toExtend<Detail>()
  })

  it('results: records for lists and singles, nothing for acknowledgements, text, v3 JSON', () => {
    expectTypeOf<ReturnType<V2['getSets']>>().toEqualTypeOf<Promise<SetRecord[]>>()
    expectTypeOf<ReturnType<V2['getCollectionTotals']>>().toEqualTypeOf<
      Promise<CollectionTotalsRecord | null>
    >()
    expectTypeOf<ReturnType<V2['getCollectionDetailConditions']>>().toEqualTypeOf<
      Promise<ConditionRecord[]>
    >()
    expectTypeOf<ReturnType<V2['login']>>().toEqualTypeOf<Promise<string>>()
    expectTypeOf<ReturnType<V2['checkKey']>>().toEqualTypeOf<Promise<undefined>>()
    expectTypeOf<ReturnType<V2['setCollection_owns']>>().toEqualTypeOf<Promise<undefined>>()
    expectTypeOf<ReturnType<Legacy['updateOwn']>>().toEqualTypeOf<Promise<undefined>>()
    expectTypeOf<ReturnType<V3['setUserFlagLabels']>>().toEqualTypeOf<Promise<undefined>>()
    // getSets and getMinifigCollection come checked record by record (src/main/service/decode-v3.ts);
    // others as JSON.
    expectTypeOf<ReturnType<V3['getSets']>>().toEqualTypeOf<Promise<V3SetsAnswer | null>>()
    expectTypeOf<ReturnType<V3['getMinifigCollection']>>().toEqualTypeOf<
      Promise<FiguresAnswer | null>
    >()
    expectTypeOf<ReturnType<V3['getUserFlagLabels']>>().toEqualTypeOf<Promise<V3Result | null>>()
  })

  it('each service offers exactly the table’s operations', () => {
    expectTypeOf<keyof V2>().toEqualTypeOf<OperationName<'v2'>>()
    expectTypeOf<keyof V3>().toEqualTypeOf<OperationName<'v3'>>()
    expectTypeOf<keyof Legacy>().toEqualTypeOf<OperationName<'legacy'>>()
    const client = createServiceClient({
      profile: { baseUrl: 'http://127.0.0.1:1' },
      secrets: () => ({ apiKey: 'k' })
    })
    for (const s of SERVICE_NAMES) expect(Object.keys(client[s]).sort(), s).toEqual(names(s))
  })
})

describe('the reference service agrees with the table', () => {
  it('has one handler per operation and none besides', () => {
    expectTypeOf<keyof typeof V2_READS | keyof typeof V2_WRITES>().toEqualTypeOf<
      OperationName<'v2'>
    >()
    expectTypeOf<keyof typeof V3_OPS>().toEqualTypeOf<OperationName<'v3'>>()
    expectTypeOf<keyof typeof LEGACY_OPS>().toEqualTypeOf<OperationName<'legacy'>>()
    for (const s of SERVICE_NAMES) expect(Object.keys(HANDLERS[s]).sort(), s).toEqual(names(s))
  })
})

describe('the write flag', () => {
  it('every write answers only an acknowledgement, checked in-band', () => {
    const writes = OPERATIONS.filter((o) => o.write)
    expect(writes.length).toBeGreaterThan(0)
    expect(writes.filter((o) => !acknowledges(o)).map((o) => `${o.service}.${o.name}`)).toEqual([])
  })
})
