// Types for the mutation summaries (docs/mutation/), so tests can make one from a Stryker entry.
interface StrykerMutant {
  readonly status: string
  readonly mutatorName: string
  readonly location: { readonly start: { readonly line: number } }
  readonly replacement?: string
}

export interface MutationSummary {
  readonly file: string
  readonly sourceHash: string
  readonly commit: string
  readonly date: string
  readonly tool: string
  readonly mutants: number
  readonly killed: number
  readonly survived: number
  readonly timedOut: number
  readonly noCoverage: number
  readonly other: number
  readonly left: readonly {
    readonly line: number
    readonly mutator: string
    readonly status: string
    readonly replacement?: string
  }[]
}

export function summaryOf(run: {
  file: string
  entry: { readonly mutants: readonly StrykerMutant[] } | undefined
  source: Uint8Array
  commit: string
  date: string
  tool: string
}): MutationSummary
