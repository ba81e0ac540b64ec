/** The XML Schema value types the interface uses (the service interface). */
export type XsdType = 'string' | 'int' | 'boolean' | 'decimal' | 'dateTime'

/** The TypeScript value of a decoded field. An omitted optional string decodes to null (docs/protocol.md §3). */
export type XsdValue<T extends XsdType, Required extends boolean> = T extends 'int' | 'decimal'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'dateTime'
      ? Date
      : Required extends true
        ? string
        : string | null

export interface FieldDef {
  readonly name: string
  readonly type: XsdType
  /** minOccurs="1" in the schema: value types always, strings only where a table says so. */
  readonly required: boolean
  /** Other element names that carry the same field in some deployment (read, never written). */
  readonly aliases?: readonly string[]
  /** The smallest int the field may hold (a setID is at least 1, as v3's schema says too). */
  readonly min?: number
  /** The largest number it may hold; a value past it by rounding only (5.0000001) is read as it. */
  readonly max?: number
}

export interface RecordDef {
  /** The element name of one record, e.g. `sets`. */
  readonly element: string
  /** The schema type holding a list of them, e.g. `ArrayOfSets`; absent for single-record results. */
  readonly arrayType?: string
  readonly fields: readonly FieldDef[]
}

export type RecordValue<R extends RecordDef> = {
  -readonly [F in R['fields'][number] as F['name']]: XsdValue<F['type'], F['required']>
}
