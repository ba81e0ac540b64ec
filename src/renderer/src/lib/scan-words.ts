import type { ScanAction, ScanStatus } from '../../../shared/model/scan'

/** What an applied scan of each action did to the collection. */
const DONE: Readonly<Record<ScanAction, string>> = {
  owned: '1 more owned',
  wanted: 'marked wanted',
  copy: 'copy added'
}

/**
 * What one scan line's scan did, after its summary (issue #28): the chosen action is named only
 * once it was applied, and a scan that changed nothing (unknown code, a choice still to make, not
 * saved) says so, never "owned +1".
 */
export function scanOutcome(line: {
  readonly state: ScanStatus | 'waiting' | 'failed'
  readonly action: ScanAction
  readonly undo: 'none' | 'busy' | 'done'
}): string {
  switch (line.state) {
    case 'waiting':
      return 'not saved yet'
    case 'failed':
      return 'not saved, nothing changed'
    case 'unknown':
    case 'unchanged':
      return 'nothing changed'
    case 'copy':
      return 'a copy you have: nothing added'
    case 'ambiguous':
      return 'nothing changed yet: choose the set'
    case 'applied':
      return line.undo === 'done' ? 'undone' : line.undo === 'busy' ? 'undoing…' : DONE[line.action]
  }
}
