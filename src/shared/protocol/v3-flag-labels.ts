import { z } from 'zod'

/** One entry of v3 getUserFlagLabels' `flags` (docs/protocol.md §5). */
const flagLabel = z.object({ flagNo: z.number().int().min(1).max(8), label: z.string() })

export type FlagLabel = z.infer<typeof flagLabel>

/**
 * The labels in a getUserFlagLabels answer. An entry that breaks the shape (a flag outside 1-8, a
 * label that is not text) is left out, so it changes nothing here; no list at all reads as none.
 */
export function flagLabelsOf(answer: unknown): FlagLabel[] {
  const flags =
    typeof answer === 'object' && answer !== null && 'flags' in answer ? answer.flags : undefined
  if (!Array.isArray(flags)) return []
  return flags.flatMap((f: unknown) => {
    const r = flagLabel.safeParse(f)
    return r.success ? [r.data] : []
  })
}
