import type { z } from 'zod'

/**
 * A channel of the IPC contract: its input schema (checked in main before any handler runs) and the
 * TypeScript type of its result (trusted: main produces it).
 */
interface ChannelDef<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly input: I
  /** Phantom: carries the result type only. */
  readonly output?: O
}

export function channel<O>() {
  return <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input })
}

export type InputOf<C> = C extends ChannelDef<infer I> ? z.input<I> : never
export type ParsedInputOf<C> = C extends ChannelDef<infer I> ? z.output<I> : never
export type OutputOf<C> = C extends ChannelDef<z.ZodType, infer O> ? O : never
