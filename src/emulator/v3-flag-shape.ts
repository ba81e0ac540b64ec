/**
 * How v3 getSets writes `collection.flags` (docs/protocol.md §5: production's shape is [unknown]):
 * `list` eight `{flagNo, value}` (the default, the only shape the client reads), `omitted` as in
 * every recorded production set, `booleans` `[false, …]`, `keyed` `{flag1: …, …, flag8: …}`.
 * Its own file: the service's state and the record writer both name it.
 */
export const V3_FLAG_SHAPES = ['list', 'omitted', 'booleans', 'keyed'] as const
export type V3FlagShape = (typeof V3_FLAG_SHAPES)[number]
