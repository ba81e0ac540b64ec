import { FLAG_COUNT } from '../../../../shared/model/collection'
import { tryCall } from '../api'
import { notices } from './notices.svelte'

const DEFAULTS = Array.from({ length: FLAG_COUNT }, (_, i) => `Flag ${i + 1}`)

/** The user's names for the eight flags, used by chips, filters and exports alike. */
export class FlagLabels {
  labels = $state<string[]>([...DEFAULTS])

  label(flagNo: number): string {
    return this.labels[flagNo - 1] ?? `Flag ${flagNo}`
  }

  async load(): Promise<void> {
    const result = await tryCall('flags:getLabels', {})
    if (result.ok) this.apply(result.value)
  }

  async rename(flagNo: number, label: string): Promise<boolean> {
    const result = await tryCall('flags:setLabel', { flagNo, label })
    if (!result.ok) {
      notices.error(result.error)
      return false
    }
    this.apply(result.value)
    return true
  }

  private apply(list: readonly { flagNo: number; label: string }[]): void {
    const next = [...DEFAULTS]
    for (const { flagNo, label } of list) {
      // An unnamed flag still needs a name on chips and filters.
      if (flagNo >= 1 && flagNo <= FLAG_COUNT && label.trim() !== '') next[flagNo - 1] = label
    }
    this.labels = next
  }
}

export const flags = new FlagLabels()
